/**
 * @jest-environment node
 */
import {
  buildIdentityOf,
  BUNDLED_MODULES,
  CLIENT_MANIFEST,
  INLINE_SCRIPT_HASHES,
  parseBuildFile,
  readBuildFile,
  readRouteManifests,
  ROUTE_TREE,
  ROUTES_CHUNK_NAMES,
  SITE_SCRIPTS,
  writeBuildFile,
} from '../buildFiles';
import { MARKDOWN_INVENTORY } from '../contentFiles';

describe('buildIdentityOf', () => {
  it("records the identity mode, user pool, web app client and region a build's pages sign in with, nothing else", () => {
    const auth = {
      mode: 'cognito' as const,
      userPoolId: 'eu-west-2_AbC123xyz',
      userPoolClientId: 'web-client',
      region: 'eu-west-2',
      scriptsClientId: 'scripts-client',
      userPoolEndpoint: 'https://cognito-idp.eu-west-2.amazonaws.com',
    };
    expect(buildIdentityOf(auth)).toEqual({
      identity: 'cognito',
      userPoolId: 'eu-west-2_AbC123xyz',
      userPoolClientId: 'web-client',
      region: 'eu-west-2',
    });
  });
});

describe('the build files’ reader and writer', () => {
  /** A file system in memory, as the reader and writer use `node:fs`. */
  const memory = () => {
    const files = new Map<string, string>();
    return {
      files,
      readFileSync: (path: string) => {
        const text = files.get(path);
        if (text === undefined) throw new Error(`ENOENT: ${path}`);
        return text;
      },
      writeFileSync: (path: string, text: string) => void files.set(path, text),
      mkdirSync: () => undefined,
    };
  };

  it('reads back what it wrote, from the file its declaration names', () => {
    const fs = memory();
    const tree = [{ key: '/-e5f', path: '/', exact: true }];
    writeBuildFile(fs, '/site/.docusaurus', ROUTE_TREE, tree);
    expect([...fs.files.keys()]).toEqual(['/site/.docusaurus/route-tree.json']);
    expect(readBuildFile(fs, '/site/.docusaurus', ROUTE_TREE)).toEqual(tree);
    writeBuildFile(fs, '/site/build', INLINE_SCRIPT_HASHES, ["'sha256-a'"]);
    expect(fs.files.get('/site/build/csp-script-hashes.json')).toBe('[\n "\'sha256-a\'"\n]\n');
  });

  it('names the file and its writer when the file is missing, not JSON or not of its shape', () => {
    const fs = memory();
    expect(() => readBuildFile(fs, '/site/.docusaurus', SITE_SCRIPTS)).toThrow(
      /cannot read \/site\/\.docusaurus\/site-scripts\.json .*plugins\/site-scripts writes it into \.docusaurus\//,
    );
    expect(() => parseBuildFile(MARKDOWN_INVENTORY, '{"siteUrl":')).toThrow(
      /markdown-export\.json is not JSON .*plugins\/markdown-export/,
    );
    expect(() => parseBuildFile(CLIENT_MANIFEST, '{"entrypoints":[]}')).toThrow(
      /client-manifest\.json does not have the shape its readers expect: .*Docusaurus core/,
    );
    expect(() => parseBuildFile(BUNDLED_MODULES, '["a", 1]')).toThrow(/bundled-modules\.json does not have the shape/);
  });

  it('reads a build’s route tree and chunk manifests together', () => {
    const fs = memory();
    const client = { entrypoints: ['main'], origins: {}, assets: {} };
    writeBuildFile(fs, '/g', ROUTE_TREE, [{ key: '*', path: '*' }]);
    writeBuildFile(fs, '/g', ROUTES_CHUNK_NAMES, { '/-e5f': {} });
    writeBuildFile(fs, '/g', CLIENT_MANIFEST, client);
    expect(readRouteManifests(fs, '/g')).toEqual({ tree: [{ key: '*', path: '*' }], routes: { '/-e5f': {} }, client });
  });
});
