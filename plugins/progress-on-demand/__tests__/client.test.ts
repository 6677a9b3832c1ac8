/**
 * @jest-environment node
 *
 * The progress bar's client module loads theme-classic's on the first navigation and hands it each
 * navigation's updates: a bar is started only for a navigation still under way once the code is there, and
 * finished when the route has updated.
 */
import type { ClientModule } from '@docusaurus/types';

const stop = jest.fn();
const original = { onRouteUpdate: jest.fn(() => stop), onRouteDidUpdate: jest.fn() };
jest.mock('@docusaurus/theme-classic/lib/nprogress', () => ({ __esModule: true, default: original }));

type Update = Parameters<NonNullable<ClientModule['onRouteUpdate']>>[0];
const update = (from: string | null, to: string) =>
  ({ location: { pathname: to }, previousLocation: from === null ? null : { pathname: from } }) as unknown as Update;
const flush = () => new Promise((resolve) => setImmediate(resolve));

let clientModule: ClientModule;
beforeEach(() => {
  jest.resetModules();
  jest.clearAllMocks();
  clientModule = (jest.requireActual('../client') as { default: ClientModule }).default;
});

it('loads nothing on the first page, nor for a change of hash only', async () => {
  expect(clientModule.onRouteUpdate?.(update(null, '/docs'))).toBeUndefined();
  expect(clientModule.onRouteUpdate?.(update('/docs', '/docs'))).toBeUndefined();
  clientModule.onRouteDidUpdate?.(update(null, '/docs'));
  await flush();
  expect(original.onRouteUpdate).not.toHaveBeenCalled();
  expect(original.onRouteDidUpdate).not.toHaveBeenCalled();
});

it('hands a navigation still under way to theme-classic’s progress bar, and finishes it', async () => {
  const navigation = update('/docs', '/api');
  const ended = clientModule.onRouteUpdate?.(navigation);
  await flush();
  expect(original.onRouteUpdate).toHaveBeenCalledWith(navigation);
  (ended as () => void)();
  clientModule.onRouteDidUpdate?.(navigation);
  await flush();
  expect(stop).toHaveBeenCalledTimes(1);
  expect(original.onRouteDidUpdate).toHaveBeenCalledWith(navigation);
});

it('starts no bar for a navigation that ended before the code arrived', async () => {
  const navigation = update('/docs', '/api');
  const ended = clientModule.onRouteUpdate?.(navigation);
  (ended as () => void)();
  await flush();
  expect(original.onRouteUpdate).not.toHaveBeenCalled();
});
