// The site project's tests that read the run's one build (tools/test-build.mjs) find it in
// dist-test/: made here, or kept when `npm test` has just made it (TEST_BUILD_REUSE=1).
import { testBuild } from '../../tools/test-build.mjs';

export default async function setup() {
  await testBuild();
}
