/**
 * The sandbox's sample corpus, generated from a fixed seed: clearly fictional publishers and
 * documents ("sample" in every title and copyright notice), in the shapes of the contract's schemas, with
 * enough variety that every filter of spec §5.1 has something to select and something to leave out. The
 * ids the docs' `<ApiSample>` requests name (a document, a framework, a control, a sanction file, two
 * Interrogator requests, a domain with versions) are fixed records of the corpus.
 */
import type { components } from '../../../generated/types/customer-api';
import { loadContract } from '../../../config/openapi';
import { STATE_TRIGGERS } from '../states';
import { Random } from './random';

type Schemas = components['schemas'];
export type Document = Schemas['Document'];
export type Publisher = Schemas['Publisher'];
export type Doctype = Schemas['Doctype'];
export type Restriction = Schemas['Restriction'];
export type DomainTag = Schemas['DomainTag'];
export type SectorCategory = Schemas['SectorCategory'];
export type Control = Schemas['Control'];
export type Action = Schemas['Action'];

/** The ids the docs' samples use (docs/**: `<ApiSample>`), which the corpus must hold. */
export const SAMPLE_IDS = {
  document: '3f1c2a9e-7b4d-4c1e-9a53-2d8e6f0b1a77',
  framework: 'nist-csf-2.0',
  control: 'ctl-2f9a',
  sanction: 'uk-ofsi-2025-05-01',
  search: '9b2d7c1e-45f0-4a8e-b1c3-6d2e8f0a1b22',
  summary: '2c4e6a8b-1d3f-4a5b-9c7d-8e0f1a2b3c4d',
  domain: 'consumer-credit',
} as const;

/**
 * Documents the docs name to reach a state (../states.ts), by their index in the corpus: the summary that
 * fails, a partially restricted and a restricted document (indexes 3 and 9 have those levels).
 */
const STATE_DOCUMENTS: Record<number, string> = {
  1: STATE_TRIGGERS.summaryError.documentId,
  3: STATE_TRIGGERS.restriction.partially_restricted,
  9: STATE_TRIGGERS.restriction.restricted,
};

/** How many documents the corpus holds (at least 500). */
export const DOCUMENT_COUNT = 520;

/** The 17 doctypes of spec §3.1, as the contract lists them (`Doctype`). */
export const DOCTYPES: Doctype[] = loadContract().components.schemas.Doctype.enum;

/** Fictional publishers: [id, name, jurisdiction, hierarchy ranking]. 14 jurisdictions, rankings 1 to 14. */
const PUBLISHERS: [string, string, string, number][] = [
  ['albion-parliament', 'Albion Parliament (sample)', 'GB', 1],
  ['albion-conduct-authority', 'Albion Conduct Authority (sample)', 'GB', 3],
  ['albion-prudential-board', 'Albion Prudential Board (sample)', 'GB', 4],
  ['hudson-state-assembly', 'Hudson State Assembly (sample)', 'US-NY', 2],
  ['hudson-financial-services-department', 'Hudson Financial Services Department (sample)', 'US-NY', 5],
  ['federal-markets-commission', 'Federal Markets Commission (sample)', 'US', 3],
  ['union-banking-agency', 'Union Banking Agency (sample)', 'EU', 6],
  ['union-markets-authority', 'Union Markets Authority (sample)', 'EU', 7],
  ['rhine-supervisory-office', 'Rhine Supervisory Office (sample)', 'DE', 8],
  ['seine-prudential-authority', 'Seine Prudential Authority (sample)', 'FR', 8],
  ['liffey-central-bank', 'Liffey Central Bank (sample)', 'IE', 9],
  ['straits-monetary-authority', 'Straits Monetary Authority (sample)', 'SG', 10],
  ['harbour-monetary-authority', 'Harbour Monetary Authority (sample)', 'HK', 11],
  ['southern-prudential-authority', 'Southern Prudential Authority (sample)', 'AU', 12],
  ['lakes-securities-commission', 'Lakes Securities Commission (sample)', 'CA-ON', 13],
  ['island-financial-agency', 'Island Financial Agency (sample)', 'JP', 14],
  ['alpine-market-supervisor', 'Alpine Market Supervisor (sample)', 'CH', 9],
  ['global-standards-committee', 'Global Standards Committee (sample)', 'INT', 2],
];

/** Words titles are made of, so title searches (phrases, OR, exclusions) find some documents and not others. */
const TOPICS = [
  'capital requirements',
  'liquidity coverage',
  'consumer credit',
  'operational resilience',
  'anti-money laundering',
  'market abuse',
  'climate risk disclosure',
  'payment services',
  'mortgage lending',
  'outsourcing and third parties',
  'deposit protection',
  'crypto-asset custody',
];
const KINDS: Record<Doctype, string> = {
  Laws: 'Act',
  'Legislative Codes': 'Code',
  'Rules, Technical Standards and Codes of Practice': 'rules',
  'Codified rulebooks': 'rulebook chapter',
  'Guidance and FAQs': 'guidance and FAQs',
  'Consultations and Calls for Input': 'consultation paper',
  'Consultation Responses Received': 'consultation responses',
  'Corporate Actions, Operations and Reporting': 'annual report',
  'Policies and Decisions': 'policy statement',
  "Regulators' formal evidence and opinions": 'opinion',
  'Speeches and oral evidence': 'speech',
  'Firm-level actions and enforcement': 'final notice',
  'Research and Thematic Reports': 'thematic review',
  'Lists, Forms and Tables': 'reporting form',
  Other: 'notice',
  'International supervisory standards': 'standard',
  'Individual Guidance': 'individual guidance letter',
};

/** Domains and the tag trees of each version (version 1 first). */
const DOMAIN_TAGS: Record<string, { description: string; versions: string[][] }> = {
  'consumer-credit': {
    description: 'Lending to consumers: affordability, arrears, disclosure (sample).',
    versions: [
      ['affordability', 'arrears', 'disclosure'],
      ['affordability', 'income-verification', 'arrears', 'forbearance', 'disclosure'],
      ['affordability', 'income-verification', 'arrears', 'forbearance', 'disclosure', 'buy-now-pay-later'],
    ],
  },
  prudential: {
    description: 'Capital, liquidity and the soundness of firms (sample).',
    versions: [
      ['capital', 'liquidity'],
      ['capital', 'leverage', 'liquidity', 'large-exposures'],
    ],
  },
  'operational-resilience': {
    description: 'Important business services, impact tolerances and third parties (sample).',
    versions: [['important-business-services', 'impact-tolerance', 'third-party-risk', 'incident-reporting']],
  },
  'financial-crime': {
    description: 'Money laundering, sanctions and fraud (sample).',
    versions: [
      ['customer-due-diligence', 'sanctions-screening'],
      ['customer-due-diligence', 'sanctions-screening', 'transaction-monitoring', 'fraud'],
    ],
  },
};

const SECTORS: SectorCategory[] = [
  {
    name: 'Banking',
    children: [
      {
        name: 'Retail banking',
        children: [{ name: 'Mortgages', children: [{ name: 'Buy-to-let' }] }, { name: 'Current accounts' }],
      },
      { name: 'Wholesale banking', children: [{ name: 'Trade finance' }] },
    ],
  },
  {
    name: 'Insurance',
    children: [
      { name: 'Life insurance', children: [{ name: 'Annuities' }] },
      { name: 'General insurance', children: [{ name: 'Motor' }, { name: 'Property' }] },
    ],
  },
  {
    name: 'Investment',
    children: [
      { name: 'Asset management', children: [{ name: 'Funds', children: [{ name: 'Money market funds' }] }] },
      { name: 'Brokerage' },
    ],
  },
  { name: 'Payments', children: [{ name: 'E-money' }, { name: 'Card schemes' }] },
];

/** PSI labels with their descriptions, and the taxonomy paths documents are classified under. */
const PSI: [string[], string][] = [
  [['Lending', 'Mortgages'], 'Loans secured on residential property (sample).'],
  [['Lending', 'Credit cards'], 'Revolving credit on a card (sample).'],
  [['Lending', 'Buy now pay later'], 'Short-term instalment credit at the point of sale (sample).'],
  [['Deposits', 'Current accounts'], 'Accounts for day-to-day payments (sample).'],
  [['Deposits', 'Savings accounts'], 'Interest-bearing deposit accounts (sample).'],
  [['Investments', 'Funds'], 'Collective investment schemes (sample).'],
  [['Investments', 'Bonds'], 'Debt securities (sample).'],
  [['Insurance', 'Motor insurance'], 'Cover for vehicles (sample).'],
  [['Payments', 'E-money'], 'Electronic money issued against funds received (sample).'],
  [['Crypto-assets', 'Stablecoins'], 'Crypto-assets referencing a fiat currency (sample).'],
];

/** A near-duplicate or version of another document. */
const SENTENCES = [
  'Firms must assess whether a customer can repay without significant financial difficulty.',
  'The regulator expects boards to set impact tolerances for each important business service.',
  'Institutions shall hold capital of at least the minimum ratio at all times.',
  'Firms should report material incidents within the time limits set out in this chapter.',
  'A firm must maintain adequate liquidity resources to meet its obligations as they fall due.',
  'Customers in arrears must be treated fairly and offered forbearance where appropriate.',
  'Outsourcing arrangements must not impair the quality of internal control.',
  'Firms must screen customers against the consolidated list of designated persons.',
  'Climate-related risks should be identified, measured and disclosed.',
  'Disclosures must be clear, fair and not misleading.',
  'This sample text is fictional and was generated for the developer sandbox.',
];

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
  jurisdiction: string;
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

const iso = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

function tagTree(domain: string, tags: string[]): DomainTag[] {
  // The first tag of each version holds the rest as narrower tags, so trees are nested.
  const [root, ...rest] = tags;
  const node = (tag: string, children: DomainTag[] = []): DomainTag => ({
    // Not the version: a tag keeps its id across domain versions (contract: DomainTag.tag_id).
    tag_id: `${domain}-${tag}`,
    tag,
    name: tag.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase()),
    description: `Documents about ${tag.replace(/-/g, ' ')} (sample).`,
    tags: children,
  });
  return [
    node(
      root,
      rest.slice(0, 2).map((t) => node(t)),
    ),
    ...rest.slice(2).map((t) => node(t)),
  ];
}

/** Every path of the sector tree as [level_1 … level_4] with `null` below its depth. */
function sectorPaths(): (string | null)[][] {
  const paths: (string | null)[][] = [];
  const walk = (nodes: SectorCategory[], prefix: string[]) => {
    for (const node of nodes) {
      const path = [...prefix, node.name];
      paths.push([...path, ...Array(4 - path.length).fill(null)]);
      if (node.children) walk(node.children, path);
    }
  };
  walk(SECTORS, []);
  return paths;
}

function pages(random: Random, title: string): Schemas['Page'][] {
  return Array.from({ length: random.int(1, 4) }, (_, index) => ({
    blocks: [
      {
        text: index === 0 ? title : `Section ${index + 1}`,
        style: { font: 'Sample Sans Bold', size: 16 },
        coordinates: { x0: 72, y0: 72, x1: 523, y1: 96 },
      },
      ...random.sample(SENTENCES, random.int(2, 4)).map((text, i) => ({
        text,
        style: { font: 'Sample Serif', size: 11 },
        coordinates: { x0: 72, y0: 120 + i * 60, x1: 523, y1: 168 + i * 60 },
      })),
    ],
    figures: random.chance(0.1)
      ? [
          {
            bytes: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
            coordinates: { x0: 72, y0: 400, x1: 300, y1: 560 },
          },
        ]
      : [],
  }));
}

/**
 * Jurisdictions above country level: `EU` (ISO 3166-1's exceptionally reserved code for the European
 * Union, not a country) and `INT` (international bodies, no ISO code at all).
 */
const ABOVE_COUNTRY = new Set(['EU', 'INT']);

/**
 * The sample publishers of {@link PUBLISHERS}. Spec §3.1: `country` is ISO 3166-1 alpha-2, so it is the
 * country an ISO 3166-2 jurisdiction belongs to (`US-NY` → `US`); a publisher above country level has
 * no country, and an international one no jurisdiction either (the contract's `Jurisdiction` and
 * `Publisher.country` markers).
 */
function samplePublishers(): Publisher[] {
  return PUBLISHERS.map(([id, name, jurisdiction, hierarchy_ranking]) => ({
    id,
    name,
    ...(jurisdiction === 'INT' ? {} : { jurisdiction }),
    ...(ABOVE_COUNTRY.has(jurisdiction) ? {} : { country: jurisdiction.slice(0, 2) }),
    license_url: `https://${id}.example/licence`,
    license_text: `Sample data of the ${name}; not a real publication.`,
    hierarchy_ranking,
  }));
}

/** The publisher hierarchy rankings, most authoritative first. */
function sampleRankings() {
  return Array.from({ length: 14 }, (_, i) => ({
    hierarchy_ranking: i + 1,
    description:
      i === 0
        ? 'Primary legislation (most authoritative).'
        : i < 5
          ? `Binding rules, tier ${i}.`
          : `Guidance and other material, tier ${i - 4}.`,
  }));
}

/** Each domain with its versioned tag trees (spec §3.1). */
function sampleDomains() {
  return Object.entries(DOMAIN_TAGS).map(([name, { description, versions }]) => ({
    name,
    description,
    version: versions.length,
    trees: versions.map((tags) => tagTree(name, tags)),
  }));
}

/** The sample initiatives; their `important_dates` are filled as documents name them. */
function sampleInitiatives(): Initiative[] {
  return [
    'Consumer duty programme',
    'Basel reforms implementation',
    'Operational resilience review',
    'Payments modernisation',
    'Crypto-asset regime',
    'Climate disclosure roadmap',
    'Anti-money laundering overhaul',
    'Retail investment strategy',
  ].map((name, id) => ({ id, name: `${name} (sample)`, important_dates: [] }));
}

/** What every document is drawn from. */
interface DocumentSources {
  random: Random;
  publishers: Publisher[];
  initiatives: Initiative[];
  sectors: ReturnType<typeof sectorPaths>;
}

/** The dates documents are published between: 2015 to 2025, in ms since the epoch. */
const PUBLISHED_FROM = Date.UTC(2015, 0, 1);
const PUBLISHED_SPAN = Date.UTC(2025, 11, 31) - PUBLISHED_FROM;

/**
 * The `i`th document, drawn from `random` (so documents must be drawn in order); also adds the
 * document to the important dates of the initiatives it names.
 */
function sampleDocument(i: number, { random, publishers, initiatives, sectors }: DocumentSources): Document {
  const doctype = DOCTYPES[i % DOCTYPES.length];
  const publisher = random.pick(publishers);
  const topic = random.pick(TOPICS);
  const restriction: Restriction = i % 10 === 9 ? 'restricted' : i % 5 === 3 ? 'partially_restricted' : 'unrestricted';
  const published = new Date(PUBLISHED_FROM + Math.floor(random.next() * PUBLISHED_SPAN));
  const yearOnly = random.chance(0.05);
  const drawn = i === 0 ? SAMPLE_IDS.document : random.uuid();
  // Drawn all the same, so the documents after a fixed one stay as they were.
  const id = STATE_DOCUMENTS[i] ?? drawn;
  const title =
    i === 0
      ? 'Consumer credit rules: final text (sample)'
      : `${topic.replace(/^./, (c) => c.toUpperCase())} ${KINDS[doctype]} ${published.getUTCFullYear()} (sample)`;
  const domainNames = random.sample(Object.keys(DOMAIN_TAGS), random.int(1, 2));
  const reg_scores = Object.fromEntries(
    domainNames.map((name) => [
      name,
      {
        reg_score: Math.round(random.next() * 100) / 100,
        domain_version: random.int(1, DOMAIN_TAGS[name].versions.length),
      },
    ]),
  );
  const text = pages(random, title);
  const tags = domainNames.flatMap((name) => {
    const { versions } = DOMAIN_TAGS[name];
    return random.sample(versions[versions.length - 1], random.int(1, 3));
  });
  const foreign = publisher.jurisdiction && ['DE', 'FR', 'JP', 'CH'].includes(publisher.jurisdiction);
  const language = { DE: 'de', FR: 'fr', JP: 'ja', CH: 'de' }[publisher.jurisdiction ?? ''] ?? 'en';
  const processed = new Date(published.getTime() + random.int(1, 400) * DAY_MS);
  const psi = random.sample(PSI, random.int(0, 2));
  const document: Document = {
    document_id: id,
    processed: processed.toISOString(),
    publishers: [publisher.id],
    title,
    published: yearOnly ? `${published.getUTCFullYear()}-01-01` : iso(published),
    source_text: text,
    ...(foreign ? { translated_text_en: text } : {}),
    languages: foreign ? { [language]: 0.9, en: 0.1 } : { en: 1 },
    doctype,
    authoritative: domainNames.filter((name) => reg_scores[name].reg_score >= 0.85),
    initiatives: random.chance(0.3) ? [{ id: random.int(0, initiatives.length - 1), name: '' }] : [],
    sector: Object.fromEntries(random.pick(sectors).map((value, level) => [`level_${level + 1}`, value])),
    reg_scores,
    // Some documents carry no signposts, so `has_signposts` selects something either way.
    signposts: (i % 7 === 5 ? [] : tags).map((tag) => ({
      tag,
      page: random.int(0, text.length - 1),
      inference_text: random.pick(SENTENCES),
    })),
    psi_classifications: psi.map(([path]) => ({
      page_index: random.int(0, text.length - 1),
      classification_paths: [path],
    })),
    source_urls: [`https://${publisher.id}.example/publications/${id.slice(0, 8)}`],
    content_type: random.chance(0.85) ? 'application/pdf' : 'text/html',
    crawled: new Date(published.getTime() + random.int(0, 3) * DAY_MS).toISOString(),
    princeps: id,
    version_cluster: id,
    last_updated: processed.toISOString(),
    output_version: '2.1',
    actionable_items: [],
    restriction,
    copyright_notice: `© ${publisher.name}. Sample data, not a real publication.`,
  };
  for (const initiative of document.initiatives ?? []) {
    initiative.name = initiatives[initiative.id].name;
    if (initiatives[initiative.id].important_dates.length < 4) {
      initiatives[initiative.id].important_dates.push({
        document_id: id,
        date: document.published!,
        label: `${doctype} published`,
      });
    }
  }
  return document;
}

/**
 * Near-duplicates: every 13th document republishes an earlier one's text later, under another publisher or
 * the same; `princeps` points at the oldest copy, `version_cluster` at the newest version.
 */
function addNearDuplicates(documents: Document[], random: Random): void {
  for (let i = 13; i < documents.length; i += 13) {
    const original = documents[i - 7];
    const copy = documents[i];
    if (copy.restriction === 'restricted' || original.restriction === 'restricted') continue;
    const later = new Date(Date.parse(original.published!) + random.int(30, 700) * DAY_MS);
    Object.assign(copy, {
      title: original.title,
      doctype: original.doctype,
      published: iso(later),
      source_text: original.source_text,
      princeps: original.princeps,
    });
    original.version_cluster = copy.document_id;
    copy.version_cluster = copy.document_id;
  }
}

/** Two control frameworks, their control trees, and actions drawn from unrestricted documents. */
function sampleFrameworks(documents: Document[], random: Random) {
  const frameworks: Framework[] = [
    {
      name: 'NIST Cybersecurity Framework',
      versions: [{ framework_id: SAMPLE_IDS.framework, description: 'Version 2.0 (sample mapping).', version: '2.0' }],
    },
    {
      name: 'Sample Operational Resilience Framework',
      versions: [
        { framework_id: 'sample-opres-1', description: 'First edition (sample).', version: '1' },
        { framework_id: 'sample-opres-2', description: 'Second edition (sample).', version: '2' },
      ],
    },
  ];
  const controls: Record<string, Control[]> = {};
  const actions: Record<string, Action[]> = {};
  for (const { versions } of frameworks) {
    for (const { framework_id } of versions) {
      const prefix = framework_id === SAMPLE_IDS.framework ? 'ID.AM' : 'OR';
      controls[framework_id] = Array.from({ length: 4 }, (_, c) => ({
        control_id:
          framework_id === SAMPLE_IDS.framework && c === 0 ? SAMPLE_IDS.control : `ctl-${framework_id}-${c + 1}`,
        path: `${prefix}-${c + 1}`,
        code: `${prefix}${c + 1}`,
        name: `${['Asset inventory', 'Risk assessment', 'Third-party oversight', 'Incident response'][c]} (sample)`,
        description: `What a firm must do for ${['asset inventory', 'risk assessment', 'third-party oversight', 'incident response'][c]} (sample).`,
        sub_controls: Array.from({ length: 2 }, (_, s) => ({
          control_id: `ctl-${framework_id}-${c + 1}-${s + 1}`,
          path: `${prefix}-${c + 1}.${s + 1}`,
          code: `${prefix}${c + 1}.${s + 1}`,
          name: `Sub-control ${c + 1}.${s + 1} (sample)`,
          description: 'A narrower requirement (sample).',
          sub_controls: [],
        })),
      }));
      actions[framework_id] = documents
        .filter((d) => d.restriction === 'unrestricted')
        .slice(0, 12)
        .map((d, a) => ({
          action_id: `act-${framework_id}-${a + 1}`,
          document_id: d.document_id,
          controls: [controls[framework_id][a % 4].control_id],
          text: random.pick(SENTENCES),
          page_index: 0,
          application_conditions: random.chance(0.5),
          exempt_conditions: random.chance(0.2),
          obligation: random.chance(0.7),
          psc: random.chance(0.3),
          rf: random.chance(0.3),
          specification: random.chance(0.5),
          timing_or_trigger: random.chance(0.4),
        }));
    }
  }
  return { frameworks, controls, actions };
}

/** Three monthly files of four sanctions lists. */
function sampleSanctions(): SanctionFile[] {
  const sanctionLists: [string, string, string, string][] = [
    ['uk-ofsi', 'Albion consolidated list of financial sanctions targets (sample)', 'GB', 'albion-conduct-authority'],
    ['us-fmc', 'Federal designated persons list (sample)', 'US', 'federal-markets-commission'],
    ['eu-uba', 'Union consolidated sanctions list (sample)', 'EU', 'union-banking-agency'],
    ['sg-sma', 'Straits designated individuals and entities (sample)', 'SG', 'straits-monetary-authority'],
  ];
  return sanctionLists.flatMap(([list, title, jurisdiction, publisher]) =>
    ['2025-03-01', '2025-04-01', '2025-05-01'].map((date) => ({
      sanction_id: `${list}-${date}`,
      title: `${title}, ${date}`,
      published: date,
      timestamp: `${date}T06:00:00Z`,
      publishers: [publisher],
      list,
      jurisdiction,
      content: `name,type,designated\nSample Person ${list.toUpperCase()} 1,individual,${date}\nSample Trading Co ${list.toUpperCase()},entity,${date}\n`,
    })),
  );
}

/**
 * The Interrogator requests the docs poll: SAMPLE_IDS.search and SAMPLE_IDS.summary; the reference's
 * `request_id` example is the search id for both operations, so it names a summary request too.
 */
function sampleRequests(): SeededRequest[] {
  const question = 'What are the reporting duties for consumer credit firms?';
  const summaryOf = (request_id: string): SeededRequest => ({
    request_id,
    kind: 'summary',
    query: question,
    filters: {},
    results: [{ document_id: SAMPLE_IDS.document, page_index: 0 }],
  });
  return [
    { request_id: SAMPLE_IDS.search, kind: 'search', query: question, filters: { jurisdictions: ['GB'] } },
    summaryOf(SAMPLE_IDS.summary),
    summaryOf(SAMPLE_IDS.search),
  ];
}

/**
 * Builds the corpus. Pure: the same output on every call.
 *
 * @returns {@link DOCUMENT_COUNT} documents and the reference data they point at.
 */
export function buildCorpus(): Corpus {
  const random = new Random(20261122);
  const publishers = samplePublishers();
  const initiatives = sampleInitiatives();
  const sectors = sectorPaths();
  const sources = { random, publishers, initiatives, sectors };
  const documents = Array.from({ length: DOCUMENT_COUNT }, (_, i) => sampleDocument(i, sources));
  addNearDuplicates(documents, random);
  const { frameworks, controls, actions } = sampleFrameworks(documents, random);
  return {
    publishers,
    rankings: sampleRankings(),
    documents,
    domains: sampleDomains(),
    sectors: SECTORS,
    psiDescriptions: Object.fromEntries(PSI.map(([path, description]) => [path[path.length - 1], description])),
    frameworks,
    controls,
    actions,
    initiatives,
    sanctions: sampleSanctions(),
    requests: sampleRequests(),
  };
}
