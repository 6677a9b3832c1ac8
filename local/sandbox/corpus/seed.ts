/**
 * The sandbox's sample corpus, generated from a fixed seed: clearly fictional publishers and
 * documents ("sample" in every title and copyright notice), in the shapes of the contract's schemas
 * (./shapes.ts), with enough variety that every filter of spec §5.1 has something to select and something
 * to leave out. The ids the docs' `<ApiSample>` requests name (a document, a framework, a control, a
 * sanction file, two Interrogator requests, a domain with versions) are fixed records of the corpus. The
 * words and lists it draws from are data (./sampleData.ts); the reference data is built in ./reference.ts.
 */
import { loadContract } from '../../../config/openapi';
import { STATE_TRIGGERS } from '../states';
import { Random } from './random';
import {
  sampleDomains,
  sampleFrameworks,
  sampleInitiatives,
  samplePublishers,
  sampleRankings,
  sampleRequests,
  sampleSanctions,
  sectorPaths,
} from './reference';
import { DOMAIN_TAGS, KINDS, PSI, SAMPLE_IDS, SECTORS, SENTENCES, TOPICS } from './sampleData';
import type { Corpus, Doctype, Document, Initiative, Page, Publisher, Restriction } from './shapes';

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

const iso = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/** A document's pages: its title or a section heading, then two to four sentences; a figure now and then. */
function pages(random: Random, title: string): Page[] {
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
  const reg_scores = regScoresOf(random, domainNames);
  const text = pages(random, title);
  const tags = domainNames.flatMap((name) => {
    const { versions } = DOMAIN_TAGS[name];
    return random.sample(versions[versions.length - 1], random.int(1, 3));
  });
  const foreign = publisher.country && ['DE', 'FR', 'JP', 'CH'].includes(publisher.country);
  const language = { DE: 'de', FR: 'fr', JP: 'ja', CH: 'de' }[publisher.country ?? ''] ?? 'en';
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
    signposts: signpostsOf(random, i % 7 === 5 ? [] : tags, text.length),
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
  addToImportantDates(document, initiatives);
  return document;
}

/** A document's score in each of `domainNames` and the version of the domain's tags it was scored with. */
function regScoresOf(random: Random, domainNames: string[]): NonNullable<Document['reg_scores']> {
  return Object.fromEntries(
    domainNames.map((name) => [
      name,
      {
        reg_score: Math.round(random.next() * 100) / 100,
        domain_version: random.int(1, DOMAIN_TAGS[name].versions.length),
      },
    ]),
  );
}

/** A signpost for each of `tags`, on one of the document's `pageCount` pages, with a sentence of inference. */
function signpostsOf(random: Random, tags: string[], pageCount: number): NonNullable<Document['signposts']> {
  return tags.map((tag) => ({
    tag,
    page: random.int(0, pageCount - 1),
    inference_text: random.pick(SENTENCES),
  }));
}

/**
 * Names each initiative `document` belongs to, and adds the document's publication to the initiative's important
 * dates while it has fewer than four.
 */
function addToImportantDates(document: Document, initiatives: Initiative[]): void {
  for (const initiative of document.initiatives ?? []) {
    initiative.name = initiatives[initiative.id].name;
    if (initiatives[initiative.id].important_dates.length < 4) {
      initiatives[initiative.id].important_dates.push({
        document_id: document.document_id,
        date: document.published!,
        label: `${document.doctype} published`,
      });
    }
  }
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
