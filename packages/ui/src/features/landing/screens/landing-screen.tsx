import { List } from '@telegram-apps/telegram-ui';
import { useCall } from '../../../api/use-call';
import { useDocumentTitle } from '../../../components/use-document-title';
import { readAppName } from '../../../config';
import { landingMessages } from '../messages';
import { AiHint } from '../components/ai-hint';
import { BenefitCarousel } from '../components/benefit-carousel';
import { FeaturedCarousel } from '../components/featured-carousel';
import { FeatureList } from '../components/feature-list';
import { Hero } from '../components/hero';
import { LandingFooter } from '../components/landing-footer';
import { featuredPostsAtom } from '../state';
import '../landing.css';

/** The landing page (spec §2, route /): what the product offers and the way into search. */
export function LandingScreen() {
  const appName = readAppName();
  useDocumentTitle(landingMessages.documentTitle(appName));
  const { state: featured } = useCall(featuredPostsAtom);

  return (
    <List Component="main" className="landing">
      <Hero appName={appName} />
      <FeaturedCarousel state={featured} />
      <AiHint />
      <FeatureList />
      <BenefitCarousel />
      <LandingFooter appName={appName} />
    </List>
  );
}
