/**
 * The shapes of the sandbox's corpus: the contract's schemas (generated/types/customer-api.d.ts, written by
 * `npm run types`) and the records the sandbox keeps beside its documents.
 */
import type { components } from '../../../generated/types/customer-api';

type Schemas = components['schemas'];
export type Page = Schemas['Page'];
export type Document = Schemas['Document'];
export type Publisher = Schemas['Publisher'];
export type Doctype = Schemas['Doctype'];
export type Restriction = Schemas['Restriction'];
export type DomainTag = Schemas['DomainTag'];
export type SectorCategory = Schemas['SectorCategory'];
export type Control = Schemas['Control'];
export type Action = Schemas['Action'];

export interface Initiative {
  id: number;
  name: string;
  important_dates: { document_id?: string; date: string; label: string }[];
}

export interface Framework {
  name: string;
  versions: { framework_id: string; description: string; version: string }[];
}

export interface SanctionFile {
  sanction_id: string;
  title: string;
  published: string;
  timestamp: string;
  publishers: string[];
  /** The list this file is an edition of; `latest_only` keeps the newest file of each list. */
  list: string;
  /** Its publisher's jurisdiction; absent when the publisher has none. */
  jurisdiction?: string;
  content: string;
}

/** A stored Interrogator request the docs' samples poll. */
export interface SeededRequest {
  request_id: string;
  kind: 'search' | 'summary';
  query: string;
  filters: Record<string, unknown>;
  results?: { document_id: string; page_index: number }[];
}

/** Everything the sandbox serves, as plain data. */
export interface Corpus {
  publishers: Publisher[];
  rankings: { hierarchy_ranking: number; description: string }[];
  documents: Document[];
  domains: { name: string; description: string; version: number; trees: DomainTag[][] }[];
  sectors: SectorCategory[];
  psiDescriptions: Record<string, string>;
  frameworks: Framework[];
  controls: Record<string, Control[]>;
  actions: Record<string, Action[]>;
  initiatives: Initiative[];
  sanctions: SanctionFile[];
  requests: SeededRequest[];
}
