import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from 'react';
// Types only: erased from the build, so they do not pull the dialogs into the first screen's chunk.
import type { BrandsDialog } from './brands-dialog';
import type { CitiesDialog } from './cities-dialog';
import type { ModelsDialog } from './models-dialog';
import type { PriceMenu } from './price-menu';
import type { SaveFilterDialog } from './save-filter-dialog';
import type { YearMenu } from './year-menu';

// The dialogs load when first opened (issue 11: the first screen does not carry what it does not show). telegram-ui's
// Modal (vaul), the kit's Input/Select and the dialogs' own code are ~25 kB gzip that the feed would otherwise fetch
// before its first card. Once loaded, a dialog stays mounted so that closing it still animates.

const Brands = lazy(() => import('./brands-dialog').then((module) => ({ default: module.BrandsDialog })));
const Models = lazy(() => import('./models-dialog').then((module) => ({ default: module.ModelsDialog })));
const Cities = lazy(() => import('./cities-dialog').then((module) => ({ default: module.CitiesDialog })));
const Price = lazy(() => import('./price-menu').then((module) => ({ default: module.PriceMenu })));
const Year = lazy(() => import('./year-menu').then((module) => ({ default: module.YearMenu })));
const SaveFilter = lazy(() => import('./save-filter-dialog').then((module) => ({ default: module.SaveFilterDialog })));

/** Renders `Dialog` from its first opening on; nothing (and no download) before. */
function OnFirstOpen<P extends { open: boolean }>({ Dialog, props }: { Dialog: ComponentType<P>; props: P }) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}

export const LazyBrandsDialog = (props: ComponentProps<typeof BrandsDialog>) => (
  <OnFirstOpen Dialog={Brands} props={props} />
);
export const LazyModelsDialog = (props: ComponentProps<typeof ModelsDialog>) => (
  <OnFirstOpen Dialog={Models} props={props} />
);
export const LazyCitiesDialog = (props: ComponentProps<typeof CitiesDialog>) => (
  <OnFirstOpen Dialog={Cities} props={props} />
);
export const LazyPriceMenu = (props: ComponentProps<typeof PriceMenu>) => <OnFirstOpen Dialog={Price} props={props} />;
export const LazyYearMenu = (props: ComponentProps<typeof YearMenu>) => <OnFirstOpen Dialog={Year} props={props} />;
export const LazySaveFilterDialog = (props: ComponentProps<typeof SaveFilterDialog>) => (
  <OnFirstOpen Dialog={SaveFilter} props={props} />
);
