import { Slider } from '@telegram-apps/telegram-ui';
import { getYearSliderBounds, sliderFromYearRange, yearRangeFromSlider } from '@autoradar/core';
import { formatYearTyping, readYearDraft, yearDraftFrom, type RangeDraft } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { FilterDialog } from './filter-dialog';
import { BoundField, type RangeMenuProps } from './price-menu';
import { useDraft } from './use-draft';

/**
 * The year range (spec §5): fields take 1900 to the current year; the slider runs 1970 to the current year in steps
 * of 1, and an end left at the slider's default is no bound (null).
 */
export function YearMenu({ open, onClose, applied, onApply, now = new Date() }: RangeMenuProps<'yearFrom' | 'yearTo'>) {
  const [draft, setDraft] = useDraft<RangeDraft>(yearDraftFrom(applied), open);
  const { range, errors } = readYearDraft(draft, now);
  const invalid = Object.keys(errors).length > 0;
  const bounds = getYearSliderBounds(now);
  const slider = sliderFromYearRange(invalid ? {} : range, now);
  return (
    <FilterDialog
      open={open}
      onClose={onClose}
      title={t.yearTitle}
      variant="compact"
      applyDisabled={invalid}
      onApply={() => onApply(range)}
      onClear={() => setDraft({ from: '', to: '' })}
    >
      <div className="range-fields">
        <BoundField
          label={t.yearFromLabel}
          value={draft.from}
          error={errors['yearFrom']}
          inputMode="numeric"
          onChange={(text) => setDraft({ ...draft, from: formatYearTyping(text) })}
        />
        <BoundField
          label={t.yearToLabel}
          value={draft.to}
          error={errors['yearTo']}
          inputMode="numeric"
          onChange={(text) => setDraft({ ...draft, to: formatYearTyping(text) })}
        />
      </div>
      <div className="year-slider">
        <Slider
          multiple
          min={bounds.min}
          max={bounds.max}
          step={bounds.step}
          value={slider}
          getAriaLabel={t.yearSliderLabel}
          getAriaValueText={(value) => String(value)}
          onChange={(value) => {
            const next = yearRangeFromSlider(value, now);
            setDraft(yearDraftFrom(next));
          }}
        />
        <div className="year-slider__bounds" aria-hidden="true">
          <span>{slider[0]}</span>
          <span>{slider[1]}</span>
        </div>
      </div>
    </FilterDialog>
  );
}
