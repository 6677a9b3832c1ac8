/**
 * Where the deployment's inputs and outputs live: the site build, the edge bundle (EDGE_BUNDLE_DIR
 * or `deploy/dist/edge`) with the functions' bundles beside it, and the synthesized templates. Shared by
 * deploy:build and deploy:synth.
 */
import path from 'node:path';
import { portalEnv } from '../../config/env';

const ROOT = path.resolve(__dirname, '../..');

/** The Docusaurus build (`npm run build`). */
export const BUILD_DIR = path.join(ROOT, 'build');

/** Where `deploy:build` writes the bundle; the site stack deploys this folder as the function's code. */
export const EDGE_BUNDLE_DIR = path.resolve(ROOT, portalEnv.deploy.edgeBundleDir ?? 'deploy/dist/edge');

/**
 * Where `deploy:build` writes the MCP function's bundle: `mcp/` beside the edge bundle's folder
 * (`deploy/dist/mcp` by default), so an EDGE_BUNDLE_DIR of its own gets an MCP bundle of its own.
 */
export const MCP_BUNDLE_DIR = path.join(path.dirname(EDGE_BUNDLE_DIR), 'mcp');

/** Where `deploy:synth` writes the CloudFormation templates. */
export const CDK_OUT = path.join(ROOT, 'deploy/cdk.out');

/** Where `deploy:build` writes the insights function's bundle: `insights/` beside the edge bundle's folder. */
export const INSIGHTS_BUNDLE_DIR = path.join(path.dirname(EDGE_BUNDLE_DIR), 'insights');

/**
 * Where `deploy:build` writes the authorization server's function bundle (deploy/oauth): `oauth/` beside the edge
 * bundle's folder, only where AI tools sign in through it (COGNITO_MCP_CLIENT_ID).
 */
export const OAUTH_BUNDLE_DIR = path.join(path.dirname(EDGE_BUNDLE_DIR), 'oauth');
