/**
 * One property's value as the page shows it (spec 2 §3, §9), from its shape: numbers in their
 * format, dates as "March 5, 2025", options as chips in their colours, people by name with
 * their avatars, files as links with their kind (images previewed), relations by title (up to
 * 10; a count at 11 or more, "+25" at 25+), formulas and the like as their placeholder. Long
 * text folds behind "Show more".
 */
import { useState } from 'react';
import type { PropertyShape, SchemaProperty } from '../../data/notion/codecs/index.ts';
import { formatNotionDate } from '../../domain/notion/dates.ts';
import { isLongText } from '../../domain/notion/longText.ts';
import { formatNumber } from '../../domain/notion/numberFormats.ts';
import { optionsOf } from '../../domain/notion/schemaOptions.ts';
import { FileItem } from './FileItem.tsx';
import { OptionChip } from './OptionChip.tsx';
import { PeopleValue } from './PeopleValue.tsx';
import { RelationValue, type RelationContext } from './RelationValue.tsx';
import { webHref } from '../../domain/notion/webLinks.ts';

const EMPTY = <span className="empty">Empty</span>;

/** An option's colour in the schema (a select, status or multi-select property), if it has one. */
const colorOf = (schema: SchemaProperty | undefined, type: string, name: string) =>
  type === 'select' || type === 'status' || type === 'multi_select'
    ? optionsOf(schema, type).find((option) => option.name === name)?.color
    : undefined;

function LongText({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  if (!isLongText(text)) return <span className="text">{text}</span>;
  return (
    <>
      <span className={open ? 'text' : 'text folded'}>{text}</span>
      <button type="button" className="link-button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Show less' : 'Show more'}
      </button>
    </>
  );
}

export function PropertyValue({
  shape,
  schema,
  relation,
}: {
  shape: PropertyShape;
  schema?: SchemaProperty;
  relation: RelationContext;
}) {
  const chip = (name: string) => (
    <OptionChip
      key={name}
      name={name}
      color={shape.type === 'unsupported' ? null : colorOf(schema, shape.type, name)}
    />
  );
  switch (shape.type) {
    case 'unsupported':
      return <span className="placeholder">{shape.placeholder}</span>;
    case 'title':
    case 'rich_text':
      return shape.value ? <LongText text={shape.value} /> : EMPTY;
    case 'url':
      if (!shape.value) return EMPTY;
      return webHref(shape.value) ? (
        <a href={webHref(shape.value) ?? undefined} target="_blank" rel="noreferrer">
          {shape.value}
        </a>
      ) : (
        shape.value
      );
    case 'email':
      return shape.value ? <a href={`mailto:${shape.value}`}>{shape.value}</a> : EMPTY;
    case 'phone_number':
      return shape.value ? <a href={`tel:${shape.value}`}>{shape.value}</a> : EMPTY;
    case 'number':
      return shape.value.value === null ? EMPTY : <>{formatNumber(shape.value.value, shape.value.numberFormat)}</>;
    case 'select':
    case 'status':
      return shape.value ? chip(shape.value) : EMPTY;
    case 'multi_select':
      return shape.value.length ? <span className="chips">{shape.value.map(chip)}</span> : EMPTY;
    case 'date':
      return shape.value ? (
        <>{formatNotionDate({ start: shape.value.start, end: shape.value.end, time_zone: shape.value.timeZone })}</>
      ) : (
        EMPTY
      );
    case 'checkbox':
      return <span aria-label={shape.value ? 'Checked' : 'Unchecked'}>{shape.value ? '☑' : '☐'}</span>;
    case 'people':
      return shape.value.length ? <PeopleValue people={shape.value} {...relation} /> : EMPTY;
    case 'created_by':
    case 'last_edited_by':
      return shape.value ? <>{shape.value.name || 'Unknown user'}</> : EMPTY;
    case 'created_time':
    case 'last_edited_time':
      return shape.value ? <>{formatNotionDate({ start: shape.value })}</> : EMPTY;
    case 'files':
      return shape.value.length ? (
        <ul className="files">
          {shape.value.map((file, i) => (
            <li key={`${file.name}-${i}`}>
              <FileItem file={file} />
            </li>
          ))}
        </ul>
      ) : (
        EMPTY
      );
    case 'relation':
      return <RelationValue relation={shape.value} {...relation} />;
  }
}
