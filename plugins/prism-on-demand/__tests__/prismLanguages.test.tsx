import React from 'react';
import { render, screen } from '@testing-library/react';
import { Prism } from 'prism-react-renderer';
import { withPrism } from '../client/prismLanguages';

// The theme's language step registers bash here the way theme-classic's does (prismjs components on
// the global Prism); the real one reads the site config, which unit tests do not build.
const includeLanguages = jest.fn((prism: typeof Prism) => {
  prism.languages.bash = prism.languages.extend('clike', {});
});
jest.mock('@theme/prism-include-languages', () => ({
  __esModule: true,
  default: (p: typeof Prism) => includeLanguages(p),
}));

const Code = ({ language }: { language: string }) => <pre>highlighted as {language}</pre>;

describe('withPrism', () => {
  it("evaluates the code block's module on its first render, not before, and Prism knows bash by then", () => {
    const load = jest.fn(() => ({ default: Code }));
    const Highlighted = withPrism(load);
    expect(load).not.toHaveBeenCalled();
    expect(includeLanguages).not.toHaveBeenCalled();

    render(
      <>
        <Highlighted language="bash" />
        <Highlighted language="json" />
      </>,
    );
    expect(screen.getByText('highlighted as bash')).toBeInTheDocument();
    expect(screen.getByText('highlighted as json')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
    expect(includeLanguages).toHaveBeenCalledTimes(1);
    expect(Prism.languages.bash).toBeDefined();
  });
});
