// Global setup of the `process` project (`npm run test:deep`): what the fault tests share, made once per
// run instead of once per file — one throwaway PostgreSQL cluster (each file takes a database of its own
// in it) and the site build that nginx (topology) and the first instance (second-instance) serve.
import type { TestProject } from 'vitest/node';
import { ensureSiteBuild } from '../../scripts/build-site';
import { E2E_SITE_URL } from './paths';
import { createFaultCluster, faultClusterControl, type FaultClusterInfo } from '../reliability/process-harness';

export default async function setup(project: TestProject) {
  // The build `npm test`'s end-to-end run made (CI runs this after it): the fault tests do not care which
  // address the pages name, and a second build would cost a minute of both cores. vitest.config.ts gives the
  // files the same PUBLIC_SITE_URL, so second-instance's first instance serves this build too.
  process.env.PUBLIC_SITE_URL = E2E_SITE_URL;
  ensureSiteBuild();
  const info = await createFaultCluster();
  project.provide('faultCluster', info);
  return () => faultClusterControl(info).destroy();
}

declare module 'vitest' {
  export interface ProvidedContext {
    faultCluster: FaultClusterInfo;
  }
}
