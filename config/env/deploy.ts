/**
 * The AWS deployment (deploy/): where the edge bundle and the pool's keys are found, the site's own domain, and
 * where branch previews go.
 */
import { ConfigError, type Env, read, readGroup } from './read';

/** The AWS deployment (deploy/). */
export interface DeploySettings {
  /** Folder of the bundled edge handler (EDGE_BUNDLE_DIR; default `deploy/dist/edge`). */
  edgeBundleDir?: string;
  /**
   * A file holding the user pool's JWKS (COGNITO_JWKS_FILE), for `npm run deploy:build` and the gate
   * (`npm run serve`) without network access to Cognito, or to pin the keys; unset, the keys are fetched
   * from the pool's `/.well-known/jwks.json`.
   */
  jwksFile?: string;
  /**
   * The site's own domain and its ACM certificate in us-east-1 (DEPLOY_DOMAIN_NAME and
   * DEPLOY_CERTIFICATE_ARN, both or neither). With them CloudFront enforces TLS 1.2 (TLSv1.2_2021);
   * without, the distribution's `*.cloudfront.net` certificate also accepts TLS 1.0 and 1.1.
   */
  customDomain?: { domainName: string; certificateArn: string };
  /** Where branch previews are deployed (`npm run deploy:preview`), or undefined where they are not set up. */
  preview?: PreviewSettings;
}

/**
 * Branch previews (deploy/preview): PREVIEW_DOMAIN, PREVIEW_CERTIFICATE_ARN and PREVIEW_HOSTED_ZONE_ID, all three
 * or none, and PREVIEW_REVIEWERS_GROUP.
 */
export interface PreviewSettings {
  /** The domain under which each preview gets its own name, `<branch>.<domain>`, e.g. `preview.docs.example.com`. */
  domain: string;
  /** An ACM certificate in us-east-1 for `*.<domain>` (CloudFront uses no other region). */
  certificateArn: string;
  /** The Route 53 hosted zone of `domain`, where each preview stack writes its name's alias records. */
  hostedZoneId: string;
  /** The user pool group whose members alone may read a preview (default `portal-reviewers`). */
  reviewersGroup: string;
}

/**
 * EDGE_BUNDLE_DIR, COGNITO_JWKS_FILE, the custom domain and the previews ({@link DeploySettings}).
 *
 * @throws {ConfigError} for a domain, certificate, hosted zone or group that is malformed or given without its partners.
 */
export function readDeploy(env: Env): DeploySettings {
  return {
    edgeBundleDir: read(env, 'EDGE_BUNDLE_DIR'),
    jwksFile: read(env, 'COGNITO_JWKS_FILE'),
    customDomain: readCustomDomain(env),
    preview: readPreview(env),
  };
}

/** ACM certificate ARNs; CloudFront takes certificates from us-east-1 only. */
const US_EAST_1_CERTIFICATE = /^arn:aws:acm:us-east-1:\d{12}:certificate\/[0-9a-f-]+$/;

/** DEPLOY_DOMAIN_NAME and DEPLOY_CERTIFICATE_ARN, both or neither. */
function readCustomDomain(env: Env): DeploySettings['customDomain'] {
  const domainName = read(env, 'DEPLOY_DOMAIN_NAME');
  const certificateArn = read(env, 'DEPLOY_CERTIFICATE_ARN');
  if (!domainName && !certificateArn) return undefined;
  if (!domainName) throw new ConfigError('DEPLOY_DOMAIN_NAME', 'is required with DEPLOY_CERTIFICATE_ARN.');
  if (!certificateArn) throw new ConfigError('DEPLOY_CERTIFICATE_ARN', 'is required with DEPLOY_DOMAIN_NAME.');
  if (!US_EAST_1_CERTIFICATE.test(certificateArn)) {
    throw new ConfigError(
      'DEPLOY_CERTIFICATE_ARN',
      `"${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region).`,
    );
  }
  return { domainName, certificateArn };
}

/** The default of PREVIEW_REVIEWERS_GROUP: the user pool group whose members may read previews. */
export const DEFAULT_REVIEWERS_GROUP = 'portal-reviewers';

/** A Route 53 hosted zone id, e.g. `Z0123456789ABCDEFGHIJ`. */
const HOSTED_ZONE_ID = /^Z[0-9A-Z]{1,32}$/;

/**
 * The longest PREVIEW_DOMAIN, in characters: a preview's name (`<label>.<domain>`, its label up to 63) stays
 * within DNS's 253.
 */
export const MAX_PREVIEW_DOMAIN_LENGTH = 189;

/** PREVIEW_DOMAIN, PREVIEW_CERTIFICATE_ARN and PREVIEW_HOSTED_ZONE_ID, all three or none ({@link PreviewSettings}). */
function readPreview(env: Env): PreviewSettings | undefined {
  const given = {
    PREVIEW_DOMAIN: read(env, 'PREVIEW_DOMAIN'),
    PREVIEW_CERTIFICATE_ARN: read(env, 'PREVIEW_CERTIFICATE_ARN'),
    PREVIEW_HOSTED_ZONE_ID: read(env, 'PREVIEW_HOSTED_ZONE_ID'),
  };
  const reviewersGroup = readGroup(env, 'PREVIEW_REVIEWERS_GROUP') ?? DEFAULT_REVIEWERS_GROUP;
  const names = Object.keys(given) as (keyof typeof given)[];
  if (names.every((name) => given[name] === undefined)) return undefined;
  const missing = names.find((name) => given[name] === undefined);
  if (missing)
    throw new ConfigError(missing, `is required with ${names.filter((name) => name !== missing).join(' and ')}.`);
  const {
    PREVIEW_DOMAIN: domain,
    PREVIEW_CERTIFICATE_ARN: certificateArn,
    PREVIEW_HOSTED_ZONE_ID: hostedZoneId,
  } = given;
  let hostname = '';
  try {
    hostname = new URL(`https://${domain}`).hostname;
  } catch {
    // Refused below.
  }
  if (hostname !== domain!.toLowerCase() || !hostname.includes('.') || hostname.length > MAX_PREVIEW_DOMAIN_LENGTH)
    throw new ConfigError(
      'PREVIEW_DOMAIN',
      `"${domain}" is not a domain name of at most ${MAX_PREVIEW_DOMAIN_LENGTH} characters (e.g. preview.docs.example.com).`,
    );
  if (!US_EAST_1_CERTIFICATE.test(certificateArn!))
    throw new ConfigError(
      'PREVIEW_CERTIFICATE_ARN',
      `"${certificateArn}" is not an ACM certificate ARN in us-east-1 (CloudFront uses no other region).`,
    );
  if (!HOSTED_ZONE_ID.test(hostedZoneId!))
    throw new ConfigError('PREVIEW_HOSTED_ZONE_ID', `"${hostedZoneId}" is not a Route 53 hosted zone id (Z…).`);
  return { domain: hostname, certificateArn: certificateArn!, hostedZoneId: hostedZoneId!, reviewersGroup };
}
