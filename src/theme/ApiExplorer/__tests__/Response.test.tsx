/**
 * The explorer's answer is announced (WCAG 2.2 SC 4.1.3): a polite status region says
 * "Response <status>" once an answer is in the explorer's store, and nothing before.
 */
import React from 'react';
import { render, screen } from '@testing-library/react';
import ResponseWrapper from '../Response';

let code: string | undefined;
jest.mock('@theme/ApiItem/hooks', () => ({
  useTypedSelector: (select: (state: unknown) => unknown) => select({ response: { code } }),
}));

describe('the API explorer response panel', () => {
  it('announces nothing before a request is sent', () => {
    code = undefined;
    render(<ResponseWrapper />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it('announces the status of the answer', () => {
    code = '200';
    render(<ResponseWrapper />);
    expect(screen.getByRole('status')).toHaveTextContent('Response 200');
  });
});
