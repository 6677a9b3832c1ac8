// Prints the HTML React's server renderer writes for two Suspense boundaries that finish after the shell,
// rendered as Docusaurus renders every page (renderToPipeableStream, piped once all is ready). Its own
// process, with NODE_ENV=production, so React and react-dom/server are the builds the pages come from
// (a build process has already loaded React in whatever mode its config needed).
import { createElement, Suspense } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/** Bytes of text in each boundary: React reveals a large boundary with a script. */
const TEXT_BYTES = 20_000;

function late(ms) {
  let ready = false;
  let pending;
  return function Late() {
    if (ready) return createElement('p', null, 'x'.repeat(TEXT_BYTES));
    pending ??= new Promise((resolve) => setTimeout(resolve, ms)).then(() => {
      ready = true;
    });
    throw pending;
  };
}

const tree = createElement(
  'main',
  null,
  createElement(Suspense, { fallback: 'a' }, createElement(late(1))),
  createElement(Suspense, { fallback: 'b' }, createElement(late(2))),
);
const { pipe } = renderToPipeableStream(tree, {
  onAllReady: () => pipe(process.stdout),
  onError: (error) => {
    console.error(error);
    process.exitCode = 1;
  },
});
