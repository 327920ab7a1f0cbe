/**
 * An option's name as a chip in its colour (spec 2 §3 "Select option colors": the 12 the editor
 * shows; Notion's `default` and anything unknown show as gray). The colour tints the chip's
 * background and border only: the text keeps the theme's foreground, so it reads at AA
 * contrast in either theme.
 */
import { optionColorOf } from '../../domain/notion/optionColors.ts';

export function OptionChip({ name, color }: { name: string; color?: string | null }) {
  return (
    <span className="chip" data-color={optionColorOf(color)}>
      {name}
    </span>
  );
}
