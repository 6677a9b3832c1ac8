/**
 * @jest-environment node
 *
 * `search_docs` answers the questions customers ask an AI assistant: ./questions.json holds questions
 * written from the docs as a customer would put them (a few with a typo), each with the routes of the
 * pages that answer it. At least 90 % of them must find one of those pages among the top 3 hits; the
 * failure lists the questions that did not, with the pages found instead. The pages are made from the
 * sources as the build makes them (./sourcePages.ts, in a tsx child process), so no build is needed.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { SearchPage } from '../../../rules/contentFiles';
import { trimTrailing } from '../../../rules/text';
import { searchIndexOf } from '../search';
import questions from './questions.json';

/** Share of the questions that must find an answering page in the top 3. */
const REQUIRED = 0.9;

const pages = JSON.parse(
  execFileSync(process.execPath, [require.resolve('tsx/cli'), path.join(__dirname, 'sourcePages.ts')], {
    cwd: path.resolve(__dirname, '../../..'),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  }),
) as SearchPage[];

/** A route as the questions give it: no `#anchor`, no trailing `/`. */
const pageOf = (route: string) => trimTrailing(route.split('#')[0], '/') || '/';

it(`has at least 40 questions, each answered by a page of the sources`, () => {
  expect(questions.length).toBeGreaterThanOrEqual(40);
  const routes = new Set(pages.map((page) => pageOf(page.route)));
  const unanswerable = questions.filter(({ answers }) => !answers.some((route) => routes.has(route)));
  expect(unanswerable).toEqual([]);
});

it(`finds a page that answers the question in the top 3 for at least ${REQUIRED * 100} % of the questions`, () => {
  const index = searchIndexOf(pages);
  const missed = questions.flatMap(({ question, answers }) => {
    const found = index.search(question, 3).map((hit) => pageOf(hit.route));
    return found.some((route) => answers.includes(route)) ? [] : [{ question, answers, found }];
  });
  const allowed = Math.floor(questions.length * (1 - REQUIRED));
  expect(missed.length > allowed ? missed : []).toEqual([]);
});
