/**
 * `npm run deploy:synth` keeps working (issue #12): after `npm run deploy:build` (run by test:e2e), it
 * synthesizes the stack offline, with no AWS credentials, and the template holds the distribution with
 * its viewer-request gate, the OAC-protected bucket, the headers policy and the Cognito resources.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test, expect } from '@playwright/test';

const ROOT = path.resolve(__dirname, '../..');

test('npm run deploy:synth writes the template offline', () => {
  test.setTimeout(120_000);
  const env = {
    ...process.env,
    AWS_ACCESS_KEY_ID: '',
    AWS_SECRET_ACCESS_KEY: '',
    AWS_PROFILE: '',
    AWS_CONFIG_FILE: '/dev/null',
  };
  const output = execFileSync('npm', ['run', '-s', 'deploy:synth'], { cwd: ROOT, env, encoding: 'utf8' });
  expect(output).toMatch(/Synthesized RegulatoryPortal \(us-east-1, \d+ resources\)/);
  const template = JSON.parse(
    fs.readFileSync(path.join(ROOT, 'deploy/cdk.out/RegulatoryPortal.template.json'), 'utf8'),
  );
  const types = Object.values(
    template.Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>,
  );
  for (const type of [
    'AWS::CloudFront::Distribution',
    'AWS::CloudFront::OriginAccessControl',
    'AWS::CloudFront::ResponseHeadersPolicy',
    'AWS::Cognito::UserPool',
    'AWS::Cognito::UserPoolClient',
    'AWS::Cognito::UserPoolDomain',
    'AWS::Cognito::UserPoolIdentityProvider',
  ]) {
    expect(
      types.some((r) => r.Type === type),
      type,
    ).toBe(true);
  }
  const distribution = types.find((r) => r.Type === 'AWS::CloudFront::Distribution')!;
  expect(JSON.stringify(distribution.Properties)).toContain('"EventType":"viewer-request"');
});
