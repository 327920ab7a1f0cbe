/** What every property editor is given (PropertyEditor.tsx and the editors it opens). */
import type { PropertyShape, SchemaProperty } from '../../data/notion/codecs/index.ts';

/** Where the edited property lives: its page, its data source (null outside one), the user and workspace. */
export interface EditorPlace {
  authId: string;
  workspaceId: string;
  pageId: string;
  propertyId: string;
  dataSourceId: string | null;
}

export interface EditorProps {
  name: string;
  shape: PropertyShape;
  schema?: SchemaProperty;
  place: EditorPlace;
  onSave: (shape: PropertyShape) => void;
  onClose: () => void;
}
