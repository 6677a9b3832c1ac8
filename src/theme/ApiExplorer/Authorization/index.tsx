// Fills the API explorer's bearer field with the signed-in user's access token and keeps it current;
// the theme's own form is rendered unchanged.
import React, { type ReactNode } from 'react';
import Authorization from '@theme-original/ApiExplorer/Authorization';
import { useSyncBearerToken } from '@site/src/components/ApiToken/useSyncBearerToken';

export default function AuthorizationWrapper(): ReactNode {
  useSyncBearerToken();
  return <Authorization />;
}
