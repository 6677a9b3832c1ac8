/**
 * The sign-out event: each listener hears every sign-out announced while it is subscribed, in the order
 * they subscribed, with what was announced; one that throws does not keep the others from forgetting theirs.
 */
import { onSignOut, signedOut } from '../signOut';

const announced = { customFields: { apiBearerSchemes: ['bearerAuth'] } };

test('tells every listener, in order, until it unsubscribes', () => {
  const heard: string[] = [];
  const first = onSignOut((signOut) => heard.push(`first ${signOut.customFields.apiBearerSchemes}`));
  const second = onSignOut(() => heard.push('second'));
  signedOut(announced);
  first();
  signedOut(announced);
  second();
  signedOut(announced);
  expect(heard).toEqual(['first bearerAuth', 'second', 'second']);
});

test('a listener that throws is reported; the others still run', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const after = jest.fn();
  const unsubscribe = [
    onSignOut(() => {
      throw new Error('storage gone');
    }),
    onSignOut(after),
  ];
  signedOut(announced);
  expect(after).toHaveBeenCalledWith(announced);
  expect(error).toHaveBeenCalledWith('A sign-out listener failed:', expect.any(Error));
  for (const stop of unsubscribe) stop();
  error.mockRestore();
});
