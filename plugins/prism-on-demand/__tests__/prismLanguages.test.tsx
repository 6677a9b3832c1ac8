import React from 'react';
import { render, screen } from '@testing-library/react';
import { Prism } from 'prism-react-renderer';
import { addPrismGrammars, withPrism } from '../client/prismLanguages';

const Code = ({ language }: { language: string }) => <pre>highlighted as {language}</pre>;

describe('withPrism', () => {
  it('runs the grammars registered so far on the first render of a code block, not before, in their order', () => {
    const order: string[] = [];
    // What the loader appends: each grammar extends the global Prism, which is prism-react-renderer's while it runs.
    addPrismGrammars([
      ['clike', () => order.push(`clike on ${(globalThis as { Prism?: unknown }).Prism === Prism}`)],
      ['sample', () => order.push('sample')],
    ]);
    const load = jest.fn(() => ({ default: Code }));
    const Highlighted = withPrism(load);
    expect(load).not.toHaveBeenCalled();
    expect(order).toEqual([]);

    render(
      <>
        <Highlighted language="sample" />
        <Highlighted language="json" />
      </>,
    );
    expect(screen.getByText('highlighted as sample')).toBeInTheDocument();
    expect(screen.getByText('highlighted as json')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(order).toEqual(['clike on true', 'sample']);
    expect((globalThis as { Prism?: unknown }).Prism).toBeUndefined();

    // A page reached later registers its grammars, with one already run: only the new one runs, at once.
    addPrismGrammars([
      ['clike', () => order.push('clike again')],
      ['later', () => order.push('later')],
    ]);
    expect(order).toEqual(['clike on true', 'sample', 'later']);
  });
});
