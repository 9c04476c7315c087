// The home feed: the hero and its ribbons, the creator's profile header (with the subscribe button) and chat card, the tag filter (signed in, when
// the site turns it on) and the posts (./Feed.tsx), keyed so a new session, paging mode or tag starts afresh.
import { useSearchParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { useAuth } from '../auth';
import { HeroBanner, useHeroHasMedia, useHeroVisible } from '../components/HeroBanner';
import { CreatorHeader } from '../components/CreatorHeader';
import { ChatWithCreatorCard } from '../chat/ChatWithCreatorCard';
import { PromotionRibbons } from '../promotions/PromotionRibbon';
import { Column } from '../components/StatusViews';
import { Feed, FeedSkeletons } from './Feed';
import { FeedTagChips } from './FeedTagChips';

export default function FeedPage() {
  const { token, settings, settingsLoaded } = useAuth();
  // Wait for settings (or their cached copy) before choosing between pagination and infinite scroll.
  const ready = settingsLoaded || !!settings;
  const paginated = !!settings?.is_pagination_on_exclusive_content_enabled;
  // Feed-tag filter: signed-in users only, and only when the site turns it on.
  const tagsOn = !!token && !!settings?.feed_tags_enable;
  const [searchParams, setSearchParams] = useSearchParams();
  const feedTagId = tagsOn ? searchParams.get('tag') || null : null;
  const chooseTag = (id: string | null) => {
    const next = new URLSearchParams(searchParams);
    next.delete('page');
    if (id) next.set('tag', id);
    else next.delete('tag');
    setSearchParams(next);
  };
  const heroVisible = useHeroVisible();
  const heroMedia = useHeroHasMedia();
  return (
    <>
      {heroVisible && heroMedia && <HeroBanner />}
      {heroVisible && heroMedia && <PromotionRibbons at="below hero" />}
      <Column>
        <Typography component="h1" sx={visuallyHidden}>
          Recent posts
        </Typography>
        <CreatorHeader />
        <ChatWithCreatorCard />
        {ready && tagsOn && <FeedTagChips selected={feedTagId} onSelect={chooseTag} />}
        {!ready ? <FeedSkeletons /> : <Feed key={`${token ?? 'guest'}-${paginated}-${feedTagId ?? 'all'}`} paginated={paginated} feedTagId={feedTagId} />}
      </Column>
    </>
  );
}

const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
