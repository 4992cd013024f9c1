import { Slider } from '@telegram-apps/telegram-ui';
import { getYearSliderBounds, sliderFromYearRange, yearRangeFromSlider } from '@autoradar/core';
import { formatYearTyping, readYearDraft, yearDraftFrom, type RangeDraft } from '../filter-rules';
import { searchMessages as t } from '../messages';
import { RangeDialog, type RangeMenuProps } from './range-dialog';
import { useDraft } from './use-draft';

/**
 * The year range (spec §5): fields take 1900 to the current year; the slider runs 1970 to the current year in steps
 * of 1, and an end left at the slider's default is no bound (null).
 */
export function YearMenu({ open, onClose, applied, onApply, now = new Date() }: RangeMenuProps<'yearFrom' | 'yearTo'>) {
  const [draft, setDraft] = useDraft<RangeDraft>(yearDraftFrom(applied), open);
  const read = readYearDraft(draft, now);
  const invalid = Object.keys(read.errors).length > 0;
  const bounds = getYearSliderBounds(now);
  const slider = sliderFromYearRange(invalid ? {} : read.range, now);
  return (
    <RangeDialog
      open={open}
      onClose={onClose}
      onApply={onApply}
      title={t.yearTitle}
      fields={[
        { key: 'yearFrom', label: t.yearFromLabel },
        { key: 'yearTo', label: t.yearToLabel },
      ]}
      draft={draft}
      setDraft={setDraft}
      read={read}
      format={formatYearTyping}
    >
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
    </RangeDialog>
  );
}
