/**
 * The reference data of the sandbox's corpus, built from ./sampleData.ts: publishers and their rankings,
 * domains with their versioned tag trees, the sector tree's paths, initiatives, control frameworks with their
 * controls and actions, sanctions files and the stored Interrogator requests. Pure, like ./seed.ts: the
 * frameworks' actions draw on the documents and the shared `Random`, so ./seed.ts calls it in a fixed order.
 */
import type { Random } from './random';
import {
  DOMAIN_TAGS,
  INITIATIVE_NAMES,
  PUBLISHERS,
  SAMPLE_IDS,
  SANCTION_LISTS,
  SECTORS,
  SENTENCES,
} from './sampleData';
import type {
  Action,
  Control,
  Document,
  DomainTag,
  Framework,
  Initiative,
  Publisher,
  SanctionFile,
  SectorCategory,
  SeededRequest,
} from './shapes';

/** A domain version's tag tree: the first tag holds the next two as narrower tags. */
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
export function sectorPaths(): (string | null)[][] {
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

/**
 * The sample publishers of {@link PUBLISHERS}. Spec §3.1: `jurisdiction` is ISO 3166-2 and `country` ISO 3166-1
 * alpha-2, so `country` is the country the jurisdiction's code begins with (`US-NY` → `US`); a publisher above
 * country level (a European Union or an international body) has neither (the contract's
 * `Publisher.jurisdiction` and `Publisher.country` markers).
 */
export function samplePublishers(): Publisher[] {
  return PUBLISHERS.map(([id, name, jurisdiction, hierarchy_ranking]) => ({
    id,
    name,
    ...(jurisdiction === null ? {} : { jurisdiction, country: jurisdiction.slice(0, 2) }),
    license_url: `https://${id}.example/licence`,
    license_text: `Sample data of the ${name}; not a real publication.`,
    hierarchy_ranking,
  }));
}

/** The publisher hierarchy rankings, most authoritative first. */
export function sampleRankings() {
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
export function sampleDomains() {
  return Object.entries(DOMAIN_TAGS).map(([name, { description, versions }]) => ({
    name,
    description,
    version: versions.length,
    trees: versions.map((tags) => tagTree(name, tags)),
  }));
}

/** The sample initiatives; their `important_dates` are filled as documents name them. */
export function sampleInitiatives(): Initiative[] {
  return INITIATIVE_NAMES.map((name, id) => ({ id, name: `${name} (sample)`, important_dates: [] }));
}

/** Two control frameworks, their control trees, and actions drawn from unrestricted documents. */
export function sampleFrameworks(documents: Document[], random: Random) {
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
export function sampleSanctions(): SanctionFile[] {
  return SANCTION_LISTS.flatMap(([list, title, jurisdiction, publisher]) =>
    ['2025-03-01', '2025-04-01', '2025-05-01'].map((date) => ({
      sanction_id: `${list}-${date}`,
      title: `${title}, ${date}`,
      published: date,
      timestamp: `${date}T06:00:00Z`,
      publishers: [publisher],
      list,
      ...(jurisdiction === null ? {} : { jurisdiction }),
      content: `name,type,designated\nSample Person ${list.toUpperCase()} 1,individual,${date}\nSample Trading Co ${list.toUpperCase()},entity,${date}\n`,
    })),
  );
}

/**
 * The Interrogator requests the docs poll: SAMPLE_IDS.search and SAMPLE_IDS.summary; the reference's
 * `request_id` example is the search id for both operations, so it names a summary request too.
 */
export function sampleRequests(): SeededRequest[] {
  const question = 'What are the reporting duties for consumer credit firms?';
  const summaryOf = (request_id: string): SeededRequest => ({
    request_id,
    kind: 'summary',
    query: question,
    filters: {},
    results: [{ document_id: SAMPLE_IDS.document, page_index: 0 }],
  });
  return [
    { request_id: SAMPLE_IDS.search, kind: 'search', query: question, filters: { jurisdictions: ['GB-ENG'] } },
    summaryOf(SAMPLE_IDS.summary),
    summaryOf(SAMPLE_IDS.search),
  ];
}
