// One cruise of the product's imports with the project's dependency-cruiser config, for the architecture tests.
import path from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const root = path.resolve(import.meta.dirname, '../..');
/** The same folders `npm run deps` cruises. */
export const CRUISED = ['domain', 'commands', 'projections', 'api', 'infra', 'web-shared', 'web-fan/src', 'web-admin/src'];

export async function cruiseRepo(): Promise<ICruiseResult> {
  const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
  const tsConfig = extractTSConfig(path.join(root, 'tsconfig.json'));
  // baseDir: the config's paths are relative to the project root, whatever the working folder
  const { output } = await cruise(CRUISED, { ...options, baseDir: root, tsConfig: { fileName: path.join(root, 'tsconfig.json') } }, undefined, { tsConfig });
  return output as ICruiseResult;
}
