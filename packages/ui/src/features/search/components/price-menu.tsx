import { formatPriceTyping, priceDraftFrom, readPriceDraft, type RangeDraft } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { RangeDialog, type RangeMenuProps } from './range-dialog';
import { useDraft } from './use-draft';

/**
 * The price range (spec §5): digits only, grouped the ru-RU way while typed, 0 to 100 000 000, from not above to; an
 * empty field is no bound (null).
 */
export function PriceMenu({
  open,
  onClose,
  applied,
  onApply,
  now = new Date(),
}: RangeMenuProps<'priceFrom' | 'priceTo'>) {
  const [draft, setDraft] = useDraft<RangeDraft>(priceDraftFrom(applied), open);
  return (
    <RangeDialog
      open={open}
      onClose={onClose}
      onApply={onApply}
      title={t.priceTitle}
      fields={[
        { key: 'priceFrom', label: t.priceFromLabel },
        { key: 'priceTo', label: t.priceToLabel },
      ]}
      draft={draft}
      setDraft={setDraft}
      read={readPriceDraft(draft, now)}
      format={formatPriceTyping}
    />
  );
}
