// One-to-one Go Live from the chat header's video icon (a chat page: the live folder never imports the chat): the publisher's view with
// the fan's name and their conversation beside it (text, media, tips, locked content), END LIVE with the spec's
// confirmation; "Stream already started with another user." when another session runs.
import { useNavigate, useParams } from 'react-router-dom';
import { useBasename, usePermissions } from 'react-admin';
import { Conversation } from './Conversation';
import { useUserDetails } from './useChat';
import { PageGuard } from '../promotions/PageGuard';
import { ONE_TO_ONE_PAGE } from '../live/paths';
import { PublisherView } from '../live/PublisherView';

export function OneToOneLivePage() {
  const { id = '' } = useParams();
  const { permissions } = usePermissions();
  const navigate = useNavigate();
  const basename = useBasename();
  const name = useUserDetails(id).details?.name ?? '';
  const back = () => navigate(`${basename}/private-chat/${encodeURIComponent(id)}`);
  return (
    <PageGuard page={ONE_TO_ONE_PAGE} title="Go Live">
      <PublisherView
        isGroup={false}
        userId={id}
        partnerName={name}
        mayComment={false}
        onDone={back}
        side={<Conversation role={permissions} userId={id} entry={null} onRead={() => undefined} onSent={() => undefined} />}
      />
    </PageGuard>
  );
}
