/** Synthesizes one stack of a CDK app and prints where its template went (deploy:synth, deploy:synth:identity). */
import fs from 'node:fs';
import path from 'node:path';
import type { App, Stack } from 'aws-cdk-lib';

const ROOT = path.resolve(__dirname, '../..');

/** Writes the app's templates into its outdir; prints the stack's resource count and template path. */
export function synthesize(app: App, stack: Stack): void {
  const assembly = app.synth();
  const template = assembly.getStackByName(stack.stackName).templateFullPath;
  const resources = Object.keys(JSON.parse(fs.readFileSync(template, 'utf8')).Resources ?? {}).length;
  console.log(
    `Synthesized ${stack.stackName} (us-east-1, ${resources} resources) into ${path.relative(ROOT, template)}.`,
  );
}
