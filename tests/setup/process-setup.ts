// Global setup of the `process` project (`npm run test:deep`): what the fault tests share, made once per
// run instead of once per file — one throwaway PostgreSQL cluster (each file takes a database of its own
// in it) and the site build that nginx (topology) and the first instance (second-instance) serve.
import type { TestProject } from 'vitest/node';
import { ensureSiteBuild } from '../../scripts/build-site';
import { createFaultCluster, faultClusterControl, type FaultClusterInfo } from '../reliability/process-harness';

export default async function setup(project: TestProject) {
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
