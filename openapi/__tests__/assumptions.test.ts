/**
 * @jest-environment node
 *
 * Every detail the contract states where the spec is silent is marked `x-assumed` and listed in
 * openapi/README.md for a maintainer to settle with the provider, and the list names nothing
 * the contract no longer assumes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadContract } from '../../config/openapi';
import { operationAssumptions } from '../../rules/assumptions';
import { operations } from '../../rules/contract';
import { findAssumptions, listedAssumptions } from '../../scripts/openapi/assumptions';

const readme = fs.readFileSync(path.join(__dirname, '../README.md'), 'utf8');
const assumptions = findAssumptions(loadContract());
const marked = assumptions.map((a) => a.pointer);
const listed = listedAssumptions(readme);

describe('x-assumed marks and the list in openapi/README.md', () => {
  it('the contract marks its assumptions', () => {
    expect(marked.length).toBeGreaterThan(0);
  });

  it('every x-assumed of the contract is listed in openapi/README.md', () => {
    expect({ missingFromReadme: marked.filter((p) => !listed.includes(p)) }).toEqual({ missingFromReadme: [] });
  });

  it('every listed assumption is still marked in the contract', () => {
    expect({ notInContract: listed.filter((p) => !marked.includes(p)) }).toEqual({ notInContract: [] });
  });

  it("each x-assumed says in a customer's words what the provider has not confirmed, without citing the spec", () => {
    // Customers never see the spec: the rendered note names what is unconfirmed and what the portal
    // assumes; the section and the reason stay in the README's table.
    const unplain = assumptions
      .filter(
        ({ reason }) =>
          !reason.startsWith('The provider has not confirmed ') || /specification|§|\bspec\b/i.test(reason),
      )
      .map(({ pointer, reason }) => `${pointer}: ${reason}`);
    expect(unplain).toEqual([]);
  });

  it('each assumption is listed once, with the spec section to check it against', () => {
    expect(new Set(listed).size).toBe(listed.length);
    const rows = readme.split('\n').filter((line) => line.startsWith('| `#'));
    for (const row of rows) expect({ row, section: /\| §\d/.test(row) }).toEqual({ row, section: true });
  });
});

describe("the notes of every operation's answer reach its page", () => {
  // Which response fields are always present (`required`) and what each `200` means are assumed for every
  // operation; a reader meets them on the operation's page, not on the reference's landing page.
  const contract = loadContract();
  it.each(operations(contract).map(({ method, path }) => [`${method.toUpperCase()} ${path}`, method, path]))(
    '%s: its notes say its `required` fields and its `200` are assumed',
    (_name, method, path) => {
      const notes = operationAssumptions(contract, method, path).map(({ reason }) => reason);
      expect(notes.some((note) => /`required`/.test(note) && /`200`/.test(note))).toBe(true);
    },
  );
});
