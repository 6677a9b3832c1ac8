/**
 * The sandbox's answer to each operation of the contract, keyed by `operationId` (fastify-openapi-glue
 * `serviceHandlers`). Requests reach a handler only after the contract's validation and the bearer check
 * (./app.ts), so handlers assume well-formed input. Behaviour follows spec §4–§9 and the docs; where
 * those are silent the contract's `x-assumed` choices are implemented (e.g. a 404 for an unknown domain).
 */
import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components, operations } from '../../generated/types/customer-api';
import { asRestricted, LITE_FIELDS, type CorpusDb } from './corpus/db';
import { checkQuerySize } from './corpus/filters';
import { DOCTYPES } from './corpus/seed';
import type { Control, Document } from './corpus/shapes';
import { presign } from './files';
import { prefers, STATE_TRIGGERS } from './states';

type Schemas = components['schemas'];
type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;
type Query<Op extends keyof operations> = operations[Op]['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : never;
type Path<Op extends keyof operations> = operations[Op]['parameters'] extends { path: infer P } ? P : never;

/** A request as a handler sees it: validated body, query and path parameters of operation `Op`. */
type Req<Op extends keyof operations> = FastifyRequest<{ Body: Body<Op>; Querystring: Query<Op>; Params: Path<Op> }>;

/** What the handlers need besides the request. */
export interface HandlerContext {
  corpus: CorpusDb;
  /** The sandbox's origin, e.g. `http://localhost:4010`, for presigned links. */
  baseUrl: string;
  /** Current time in ms (tests may pass their own clock). */
  now: () => number;
}

/** The `{detail}` body of a 404; messages are the contract's illustrative ones (x-assumed). */
function notFound(reply: FastifyReply, detail: string) {
  return reply.code(404).send({ detail });
}

/** The summary of a restricted document: spec §6 gives no metadata, so it says nothing of the document. */
export const RESTRICTED_SUMMARY =
  'In short (sample summary): this document is restricted; its content cannot be summarised.';

/** Spec §4 statuses of an Interrogator request, by step (a request made to fail ends `failed` instead). */
const STATUSES = ['pending', 'in_progress', 'completed'] as const;

/** Whether an Interrogator request's `query` asks the sandbox to fail it (./states.ts). */
const failsOnPurpose = (query: string | undefined) => Boolean(query?.includes(STATE_TRIGGERS.failed.marker));

/** The text of a summary that fails on purpose (./states.ts): it says why and what to do. */
export const FAILED_SUMMARY =
  "Summary generation failed: the sandbox fails this sample document's summary on purpose " +
  '("Running the portal locally", Reaching every state). Ask again with refresh=true to start over.';

/** Spec §7.1 / §4: a summary is `202` twice (initiated, then in progress), then `200`. */
const SUMMARY_MESSAGES = ['Summary generation initiated', 'Summary generation in progress'] as const;

const pick = (doc: Document): Schemas['DocumentLite'] =>
  Object.fromEntries(LITE_FIELDS.filter((f) => f in doc).map((f) => [f, doc[f]])) as Schemas['DocumentLite'];

/**
 * Every control of a tree, sub-controls included, each without its `sub_controls` field: an empty list there
 * would say "has no sub-controls", which the same control under `nested=true` contradicts.
 */
const flatten = (controls: Control[]): Control[] =>
  controls.flatMap(({ sub_controls = [], ...control }) => [control, ...flatten(sub_controls)]);

/** A readable summary of some pages: their first sentences. */
function summarise(texts: string[]): string {
  const sentences = texts.flatMap((t) => t.split('\n').slice(1, 2)).filter(Boolean);
  return sentences.length
    ? `In short (sample summary): ${[...new Set(sentences)].slice(0, 5).join(' ')}`
    : 'In short (sample summary): the pages hold no text the sandbox can summarise.';
}

/** Documents (spec §7.1 "Documents"): search, count, one document, its summary and its file. */
function documentHandlers({ corpus, baseUrl, now }: HandlerContext) {
  const documentsPage = (req: Req<'searchDocuments'>) =>
    corpus.search(req.body, req.query.page ?? 1, req.query.page_size ?? 100).map(asRestricted);

  return {
    async searchDocuments(req: Req<'searchDocuments'>) {
      return documentsPage(req);
    },
    async searchDocumentsLite(req: Req<'searchDocumentsLite'>) {
      return documentsPage(req as Req<'searchDocuments'>).map(pick);
    },
    async countDocuments(req: Req<'countDocuments'>) {
      return { count: corpus.count(req.body) };
    },
    async getDocument(req: Req<'getDocument'>, reply: FastifyReply) {
      const doc = corpus.document(req.params.document_id);
      return doc ? asRestricted(doc) : notFound(reply, 'Document not found');
    },
    async getDocumentSummary(req: Req<'getDocumentSummary'>, reply: FastifyReply) {
      const id = req.params.document_id;
      const doc = corpus.document(id);
      if (!doc) return notFound(reply, 'Document not found');
      const step = req.query.refresh ? 0 : corpus.summaryStep(id);
      if (step < 2) {
        corpus.saveSummaryStep(id, step + 1);
        return reply.code(202).send({ status: 'ok', message: SUMMARY_MESSAGES[step] });
      }
      // Spec §4: the status field is ok or error; this document's generation always ends in error.
      if (id === STATE_TRIGGERS.summaryError.documentId) return { status: 'error', summary: FAILED_SUMMARY };
      const texts =
        doc.restriction === 'unrestricted'
          ? (doc.source_text ?? []).map((p) => (p.blocks ?? []).map((b) => b.text).join('\n'))
          : [];
      // Spec §6: a restricted document gives no metadata, so its summary names nothing of it.
      if (doc.restriction === 'restricted') return { status: 'ok', summary: RESTRICTED_SUMMARY };
      return { status: 'ok', summary: texts.length ? summarise(texts) : `In short (sample summary): ${doc.title}.` };
    },
    async getDocumentFile(req: Req<'getDocumentFile'>, reply: FastifyReply) {
      const id = req.params.document_id;
      if (!corpus.document(id)) return notFound(reply, 'Document not found');
      return reply
        .code(307)
        .header('location', presign(baseUrl, id, now()))
        .send();
    },
  };
}

/** What documents are classified by: doctypes, sectors, PSI descriptions, domains and their tag trees. */
function taxonomyHandlers({ corpus }: HandlerContext) {
  return {
    async listDoctypes() {
      return DOCTYPES;
    },
    async listSectors() {
      return corpus.reference('sectors');
    },
    async listPsiDescriptions() {
      return corpus.reference('psiDescriptions');
    },
    async listDomains() {
      return corpus.reference('domains').map(({ name, description, version }) => ({ name, description, version }));
    },
    async getDomainTags(req: Req<'getDomainTags'>, reply: FastifyReply) {
      const domain = corpus.reference('domains').find((d) => d.name === req.params.domain);
      const version = req.query.version ?? domain?.version;
      if (!domain || !version || version > domain.version) return notFound(reply, 'Domain not found');
      return domain.trees[version - 1];
    },
  };
}

/** Control frameworks, their controls and actions, and initiatives. */
function frameworkHandlers({ corpus }: HandlerContext) {
  return {
    async listFrameworks() {
      return corpus.reference('frameworks');
    },
    async listFrameworkControls(req: Req<'listFrameworkControls'>, reply: FastifyReply) {
      const controls = corpus.reference('controls')[req.params.framework_id];
      if (!controls) return notFound(reply, 'Framework not found');
      return req.query.nested ? controls : flatten(controls);
    },
    async getControl(req: Req<'getControl'>, reply: FastifyReply) {
      const all = Object.values(corpus.reference('controls')).flatMap((tree) => {
        const walk = (nodes: Control[]): Control[] => nodes.flatMap((c) => [c, ...walk(c.sub_controls ?? [])]);
        return walk(tree);
      });
      return all.find((c) => c.control_id === req.params.control_id) ?? notFound(reply, 'Control not found');
    },
    async listFrameworkActions(req: Req<'listFrameworkActions'>, reply: FastifyReply) {
      return corpus.reference('actions')[req.params.framework_id] ?? notFound(reply, 'Framework not found');
    },
    async listInitiatives(req: FastifyRequest, reply: FastifyReply) {
      // Spec §8.1's 404 when none are available: the sample data always has some, so a reader asks for it.
      const none = prefers(req.headers.prefer, STATE_TRIGGERS.noInitiatives.prefer);
      if (none) reply.header('preference-applied', STATE_TRIGGERS.noInitiatives.prefer);
      const initiatives = none ? [] : corpus.reference('initiatives');
      return initiatives.length ? initiatives : notFound(reply, 'No initiatives are available');
    },
  };
}

/** Publishers, their rankings and jurisdictions. */
function publisherHandlers({ corpus }: HandlerContext) {
  return {
    async listPublishers(req: Req<'listPublishers'>) {
      const wanted = req.query.jurisdictions;
      const publishers = corpus.reference('publishers');
      return wanted?.length ? publishers.filter((p) => p.jurisdiction && wanted.includes(p.jurisdiction)) : publishers;
    },
    async listPublisherRankings() {
      return corpus.reference('rankings');
    },
    async listJurisdictions() {
      return [
        ...new Set(corpus.reference('publishers').flatMap((p) => (p.jurisdiction ? [p.jurisdiction] : []))),
      ].sort();
    },
  };
}

/** Sanctions lists (spec §9: latest only by default) and their files. */
function sanctionHandlers({ corpus }: HandlerContext) {
  return {
    async listSanctions(req: Req<'listSanctions'>) {
      const wanted = req.query.jurisdictions;
      let files = corpus
        .reference('sanctions')
        .filter((s) => !wanted?.length || (s.jurisdiction !== undefined && wanted.includes(s.jurisdiction)));
      // Spec §9: latest_only defaults to true.
      if (req.query.latest_only ?? true) {
        const newest = new Map<string, (typeof files)[number]>();
        for (const file of files)
          if ((newest.get(file.list)?.published ?? '') < file.published) newest.set(file.list, file);
        files = [...newest.values()];
      }
      return files.map(({ sanction_id, title, published, timestamp, publishers }) => ({
        sanction_id,
        title,
        published,
        timestamp,
        publishers,
      }));
    },
    async getSanction(req: Req<'getSanction'>, reply: FastifyReply) {
      const file = corpus.reference('sanctions').find((s) => s.sanction_id === req.params.sanction_id);
      if (!file) return notFound(reply, 'Sanction not found');
      const { sanction_id, title, published, timestamp, publishers } = file;
      return { sanction_id, title, published, timestamp, publishers };
    },
    async getSanctionFile(req: Req<'getSanctionFile'>, reply: FastifyReply) {
      const file = corpus.reference('sanctions').find((s) => s.sanction_id === req.params.sanction_id);
      if (!file) return notFound(reply, 'Sanction not found');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${file.sanction_id}.csv"`)
        .send(Buffer.from(file.content));
    },
  };
}

/**
 * Answers a poll of an Interrogator request (spec §4): its status, moving it one step on for the next
 * poll, and once `completed` what `completed(data)` adds; `failed`, with nothing added, for a request
 * whose query asked for it (./states.ts); 404 for an unknown request.
 */
function answerPoll(
  corpus: HandlerContext['corpus'],
  reply: FastifyReply,
  request_id: string,
  kind: 'search' | 'summary',
  completed: (data: Record<string, unknown>) => Record<string, unknown>,
) {
  const stored = corpus.request(request_id, kind);
  if (!stored) return notFound(reply, 'Request not found');
  if (stored.step < 2) corpus.saveRequest(request_id, kind, stored.step + 1, stored.data);
  const status = STATUSES[stored.step];
  if (status !== 'completed') return { request_id, status };
  if (failsOnPurpose(stored.data.query as string | undefined)) return { request_id, status: 'failed' };
  return { request_id, status, ...completed(stored.data) };
}

/** The Interrogator (spec §4): searches and summaries, created then polled, and feedback. */
function interrogatorHandlers({ corpus }: HandlerContext) {
  return {
    async createInterrogatorSearch(req: Req<'createInterrogatorSearch'>, reply: FastifyReply) {
      const publishers = corpus.reference('publishers');
      // Spec §8.1: the server, not the schema, judges publisher ids and jurisdictions.
      if (req.body.publisher_ids?.some((id) => !publishers.some((p) => p.id === id))) {
        return reply.code(400).send({ detail: 'Invalid Publisher ID(s) provided' });
      }
      if (req.body.jurisdictions?.some((j) => !publishers.some((p) => p.jurisdiction === j))) {
        return reply.code(400).send({ detail: 'Invalid Jurisdiction(s) provided' });
      }
      checkQuerySize(req.body.query);
      const request_id = crypto.randomUUID();
      const { query, ...filters } = req.body;
      corpus.saveRequest(request_id, 'search', 0, { request_id, kind: 'search', query, filters });
      return { request_id };
    },
    async getInterrogatorSearch(req: Req<'getInterrogatorSearch'>, reply: FastifyReply) {
      return answerPoll(corpus, reply, req.params.request_id, 'search', (data) => {
        const pages = corpus.searchPages(String(data.query), data.filters as never, 10);
        const best = pages[0] ? -pages[0].rank : 1;
        return {
          results: pages.map(({ rank, ...page }) => ({ ...page, score: Math.round((-rank / best) * 1000) / 1000 })),
        };
      });
    },
    async createInterrogatorSummary(req: Req<'createInterrogatorSummary'>) {
      const request_id = crypto.randomUUID();
      corpus.saveRequest(request_id, 'summary', 0, {
        request_id,
        kind: 'summary',
        query: req.body.query ?? '',
        results: req.body.results,
      });
      return { request_id };
    },
    async getInterrogatorSummary(req: Req<'getInterrogatorSummary'>, reply: FastifyReply) {
      return answerPoll(corpus, reply, req.params.request_id, 'summary', (data) => {
        const results = (data.results ?? []) as { document_id: string; page_index: number }[];
        const texts = results.flatMap(({ document_id, page_index }) => {
          const doc = corpus.document(document_id);
          return doc?.restriction === 'unrestricted' ? [corpus.pageText(document_id, page_index) ?? ''] : [];
        });
        return { summary: summarise(texts) };
      });
    },
    async sendInterrogatorFeedback(_req: FastifyRequest, reply: FastifyReply) {
      return reply.code(200).send();
    },
  };
}

/**
 * @returns one handler per `operationId` of `openapi/customer-api.yaml` (every operation), grouped by resource.
 */
export function createHandlers(context: HandlerContext) {
  return {
    ...documentHandlers(context),
    ...taxonomyHandlers(context),
    ...frameworkHandlers(context),
    ...publisherHandlers(context),
    ...sanctionHandlers(context),
    ...interrogatorHandlers(context),
  };
}
