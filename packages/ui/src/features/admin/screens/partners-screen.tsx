import { Avatar, Cell, Section } from '@telegram-apps/telegram-ui';
import type { Partner } from '@autoradar/contract';
import { useCall } from '../../../api/use-call';
import { LinkButton } from '../../../components/link-button';
import { AdminPage } from '../components/admin-page';
import { Initial } from '../components/initial';
import { AdminCallView } from '../components/admin-call-view';
import { RowActions } from '../components/row-actions';
import { adminMessages } from '../messages';
import { partnersAtom } from '../state';
import { pathTo, PATHS } from '../../../paths';
import '../admin.css';

const t = adminMessages.partners;

function PartnerRow({ partner }: { partner: Partner }) {
  return (
    <Cell
      Component="div"
      className="admin-cell"
      before={
        partner.logo ? (
          <Avatar size={48} src={partner.logo} alt={t.logoAlt(partner.title)} />
        ) : (
          <Avatar size={48} fallbackIcon={<Initial text={partner.title} />} />
        )
      }
      subtitle={
        <a className="admin-link" href={partner.url} target="_blank" rel="noopener noreferrer">
          {partner.url}
        </a>
      }
      description={partner.description ?? undefined}
      multiline
      after={
        <RowActions name={partner.title} edit={pathTo(PATHS.partnerEdit, { id: String(partner.id) })}>
          <LinkButton size="s" mode="bezeled" to={pathTo(PATHS.prompts, { id: String(partner.id) })}>
            {t.prompts}
          </LinkButton>
          <LinkButton size="s" mode="bezeled" to={pathTo(PATHS.orders, { id: String(partner.id) })}>
            {t.orders}
          </LinkButton>
        </RowActions>
      }
    >
      {partner.title}
    </Cell>
  );
}

/** /partners (spec §2): the partners, each with its form, key prompts and report orders. */
export function PartnersScreen() {
  const { state, retry } = useCall(partnersAtom);
  return (
    <AdminPage
      title={t.title}
      actions={
        <LinkButton size="m" to={PATHS.partnerCreate}>
          {t.create}
        </LinkButton>
      }
    >
      <AdminCallView state={state} retry={retry} empty={t.empty}>
        {(partners) => (
          <Section className="admin-section">
            {partners.map((partner) => (
              <PartnerRow key={partner.id} partner={partner} />
            ))}
          </Section>
        )}
      </AdminCallView>
    </AdminPage>
  );
}
