// Thin wrap of the theme's DocItem/Footer: "Was this page helpful?" before it, on every doc page and API page
// (the openapi theme's ApiItem layout renders this same footer).
import React, { type ReactNode } from 'react';
import Footer from '@theme-original/DocItem/Footer';
import type FooterType from '@theme/DocItem/Footer';
import type { WrapperProps } from '@docusaurus/types';
import PageFeedbackSlot from '@site/src/components/PageFeedback/Slot';

type Props = WrapperProps<typeof FooterType>;

export default function FooterWrapper(props: Props): ReactNode {
  return (
    <>
      <PageFeedbackSlot />
      <Footer {...props} />
    </>
  );
}
