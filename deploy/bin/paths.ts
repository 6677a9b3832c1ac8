/**
 * Where the deployment's inputs and outputs live (issue #12): the site build, the edge bundle (EDGE_BUNDLE_DIR
 * or `deploy/dist/edge`) and the synthesized templates. Shared by deploy:build and deploy:synth.
 */
import path from 'node:path';
import { portalEnv } from '../../config/env';

const ROOT = path.resolve(__dirname, '../..');

/** The Docusaurus build (`npm run build`). */
export const BUILD_DIR = path.join(ROOT, 'build');

/** Where `deploy:build` writes the bundle; the site stack deploys this folder as the function's code. */
export const EDGE_BUNDLE_DIR = path.resolve(ROOT, portalEnv.deploy.edgeBundleDir ?? 'deploy/dist/edge');

/** Where `deploy:synth` writes the CloudFormation templates. */
export const CDK_OUT = path.join(ROOT, 'deploy/cdk.out');
