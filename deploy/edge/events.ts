/**
 * CloudFront viewer-request events as CloudFront sends them to Lambda@Edge (aws-lambda's
 * `CloudFrontRequestEvent`), for the handler's tests, the leak sweep through the bundle and its benchmark.
 */
import type { CloudFrontHeaders, CloudFrontRequestEvent } from 'aws-lambda';

/** Options of {@link viewerRequest}. */
export interface ViewerRequestOptions {
  method?: string;
  /** The query string without `?`. */
  querystring?: string;
  /** `Accept` header (default `text/html`, as a browser navigating). */
  accept?: string;
  /** `Cookie` header; none when unset. */
  cookie?: string;
  /** `Authorization` header, e.g. `Bearer eyJ…`; none when unset. */
  authorization?: string;
}

/** A viewer-request event for `uri` (as CloudFront gives it: percent-encoded, without the query). */
export function viewerRequest(
  uri: string,
  { method = 'GET', querystring = '', accept = 'text/html', cookie, authorization }: ViewerRequestOptions = {},
): CloudFrontRequestEvent {
  const headers: CloudFrontHeaders = {
    host: [{ key: 'Host', value: 'd111111abcdef8.cloudfront.net' }],
    accept: [{ key: 'Accept', value: accept }],
  };
  if (cookie !== undefined) headers.cookie = [{ key: 'Cookie', value: cookie }];
  if (authorization !== undefined) headers.authorization = [{ key: 'Authorization', value: authorization }];
  return {
    Records: [
      {
        cf: {
          config: {
            distributionDomainName: 'd111111abcdef8.cloudfront.net',
            distributionId: 'EDFDVBD6EXAMPLE',
            eventType: 'viewer-request',
            requestId: 'r-1',
          },
          request: { clientIp: '203.0.113.178', method, uri, querystring, headers },
        },
      },
    ],
  };
}
