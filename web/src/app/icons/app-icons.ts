import { Icons, IconSize, type IconName, type IconPathsLoader } from '@blueprintjs/icons';
import { iconPaths16 } from './icon-paths-16.ts';
import { iconPaths20 } from './icon-paths-20.ts';

/** Every icon the app names (`IconNames.X`); a unit test keeps the list in step with the code. */
export const appIconNames = Object.keys(iconPaths16) as IconName[];

/**
 * Blueprint's default loader imports the paths of all ~600 icons in each size (~300 kB a
 * chunk); ours answers from the few the app draws, bundled with it. An icon missing from the
 * set still shows, through Blueprint's split-by-size loader, fetched only in that case.
 */
const appIconLoader: IconPathsLoader = async (name, size) => {
  const paths = (size < IconSize.LARGE ? iconPaths16 : iconPaths20)[name];
  if (paths) return [...paths];
  const { splitPathsBySizeLoader } =
    await import('@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader');
  return splitPathsBySizeLoader(name, size);
};

/**
 * Installs the loader and loads the app's icons in both sizes, so the first render draws
 * them at once (an unloaded icon renders empty, since we ship no icon font).
 */
export async function loadAppIcons(): Promise<void> {
  Icons.setLoaderOptions({ loader: appIconLoader });
  await Promise.all([Icons.load(appIconNames, IconSize.STANDARD), Icons.load(appIconNames, IconSize.LARGE)]);
}
