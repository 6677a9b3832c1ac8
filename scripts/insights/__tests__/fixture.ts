/** Rows of a few days of reader insights, for the report's tests and its screenshot (tests/visual). */
import type { InsightRow } from '../../../server/insights/store';

const EXPIRES = 1_830_000_000;

function row(id: string, fields: Omit<InsightRow, 'id' | 'expires'>): InsightRow {
  return { id, expires: EXPIRES, ...fields };
}

export const FIXTURE_ROWS: InsightRow[] = [
  row('vote|r1|/docs/document_format/schema', {
    route: '/docs/document_format/schema',
    event: 'vote',
    value: 'no',
    day: '2026-11-20',
    reader: 'r1',
  }),
  row('vote|r2|/docs/document_format/schema', {
    route: '/docs/document_format/schema',
    event: 'vote',
    value: 'no',
    day: '2026-11-21',
    reader: 'r2',
  }),
  row('vote|r3|/docs/document_format/schema', {
    route: '/docs/document_format/schema',
    event: 'vote',
    value: 'yes',
    day: '2026-11-22',
    reader: 'r3',
  }),
  row('comment|r1|/docs/document_format/schema', {
    route: '/docs/document_format/schema',
    event: 'comment',
    value: 'Which fields can be null? <b>Not said</b> anywhere.',
    day: '2026-11-20',
    reader: 'r1',
  }),
  row('vote|r1|/docs/api/getting-started', {
    route: '/docs/api/getting-started',
    event: 'vote',
    value: 'yes',
    day: '2026-11-23',
    reader: 'r1',
  }),
  row('vote|r2|/docs/services/interrogator', {
    route: '/docs/services/interrogator',
    event: 'vote',
    value: 'no',
    day: '2026-11-24',
    reader: 'r2',
  }),
  ...['r1', 'r2', 'r3', 'r4'].map((reader, n) =>
    row(`read|2026-11-2${n}|a${n}`, {
      route: '/docs/api/getting-started',
      event: 'read',
      value: '',
      day: `2026-11-2${n}`,
      reader,
    }),
  ),
  ...['r1', 'r2'].map((reader, n) =>
    row(`read|2026-11-2${n}|b${n}`, {
      route: '/docs/document_format/schema',
      event: 'read',
      value: '',
      day: `2026-11-2${n}`,
      reader,
    }),
  ),
  row('search-empty|2026-11-21|s1', {
    route: '/docs/api/getting-started',
    event: 'search-empty',
    value: 'sanction delta feed',
    day: '2026-11-21',
    reader: 'r1',
  }),
  row('search-empty|2026-11-22|s2', {
    route: '/',
    event: 'search-empty',
    value: 'Sanction delta feed',
    day: '2026-11-22',
    reader: 'r2',
  }),
  row('search-empty|2026-11-22|s3', {
    route: '/',
    event: 'search-empty',
    value: 'webhooks',
    day: '2026-11-22',
    reader: 'r3',
  }),
  row('try|2026-11-21|t1', {
    route: '/api/v1/count-documents',
    event: 'try',
    value: '4xx',
    operation: 'countDocuments',
    day: '2026-11-21',
    reader: 'r1',
  }),
  row('try|2026-11-21|t2', {
    route: '/api/v1/count-documents',
    event: 'try',
    value: '4xx',
    operation: 'countDocuments',
    day: '2026-11-21',
    reader: 'r1',
  }),
  row('try|2026-11-22|t3', {
    route: '/api/v1/count-documents',
    event: 'try',
    value: '2xx',
    operation: 'countDocuments',
    day: '2026-11-22',
    reader: 'r2',
  }),
  row('try|2026-11-22|t4', {
    route: '/api/v1/search-documents',
    event: 'try',
    value: '5xx',
    operation: 'searchDocuments',
    day: '2026-11-22',
    reader: 'r3',
  }),
  row('try|2026-11-23|t5', {
    route: '/api/v1/list-doctypes',
    event: 'try',
    value: '2xx',
    operation: 'listDoctypes',
    day: '2026-11-23',
    reader: 'r3',
  }),
  row('copy|2026-11-23|c1', {
    route: '/api/v1/count-documents',
    event: 'copy',
    value: '',
    operation: 'countDocuments',
    day: '2026-11-23',
    reader: 'r2',
  }),
];
