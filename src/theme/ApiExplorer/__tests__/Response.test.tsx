/**
 * The explorer's answer is announced (WCAG 2.2 SC 4.1.3): a polite status region says
 * "Response <status>" once an answer is in the explorer's store, and nothing before; and the panel is
 * scrolled into view as the answer arrives (the explorer column scrolls with the page).
 */
import React from 'react';
import { render, screen } from '@testing-library/react';
import ResponseWrapper from '../Response';

let response: { code?: string; value?: string } = {};
jest.mock('@theme/ApiItem/hooks', () => ({
  useTypedSelector: (select: (state: unknown) => unknown) => select({ response }),
}));

/** jsdom lays nothing out and has no scrollIntoView: the calls are what the browser would do. */
const scrolled = jest.fn();
beforeAll(() => {
  Element.prototype.scrollIntoView = scrolled;
});
beforeEach(() => scrolled.mockClear());

describe('the API explorer response panel', () => {
  it('announces nothing before a request is sent, and stays where it is', () => {
    response = {};
    render(<ResponseWrapper />);
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(scrolled).not.toHaveBeenCalled();
  });

  it('announces the status of the answer', () => {
    response = { code: '200', value: '[]' };
    render(<ResponseWrapper />);
    expect(screen.getByRole('status')).toHaveTextContent('Response 200');
  });

  it('comes into view while the request is on its way and again when the answer arrives', () => {
    response = { value: 'Fetching...' };
    const { rerender } = render(<ResponseWrapper />);
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('status'));
    response = { code: '200', value: '["Laws"]' };
    rerender(<ResponseWrapper />);
    expect(scrolled).toHaveBeenCalledTimes(2);
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
  });
});
