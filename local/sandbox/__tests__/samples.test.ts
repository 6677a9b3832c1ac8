/**
 * @jest-environment node
 *
 * Every `<ApiSample>` request of docs/ run against the sandbox: each gets a documented 2xx
 * (or the 307 of a file download), so a reader who presses "Send API request" on a sample sees an answer.
 */
import { parseRequestSample } from '../../../rules/apiSample';
import { findOperation } from '../../../rules/contract';
import { apiSamples, contract } from '../../../scripts/docs-check/contract';
import { sandbox } from './helper';

const samples = apiSamples();
let call: Awaited<ReturnType<typeof sandbox>>['call'];

beforeAll(async () => {
  ({ call } = await sandbox());
});

it('the docs have samples to run', () => {
  expect(samples.length).toBeGreaterThanOrEqual(20);
});

it.each(samples.map(({ file, sample }) => [`${file}: ${sample.split('\n')[0]}`, sample]))(
  '%s answers a documented 2xx',
  async (_name, text) => {
    const sample = parseRequestSample(text);
    const query = new URLSearchParams(sample.query).toString();
    const response = await call(sample.method, `${sample.path}${query ? `?${query}` : ''}`, sample.body);
    const documented = Object.keys(findOperation(contract, sample.method, sample.path)!.operation.responses);
    expect({ status: response.statusCode, documented: documented.includes(String(response.statusCode)) }).toEqual({
      status: expect.any(Number),
      documented: true,
    });
    expect(response.statusCode >= 200 && response.statusCode < 400 ? 'success' : response.body).toBe('success');
  },
);
