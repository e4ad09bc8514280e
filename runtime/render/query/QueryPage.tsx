import { ListPage } from '../list/ListPage';
import type { ScreenProps } from '../screen/createScreenRegistry';

/**
 * A query-backed list (screen.kind 'query', reports reuse it): the list page read-only, whatever the
 * model lists or the user may do: search, page, sort and 详情, never add, edit, delete or state.
 */
export function QueryPage(props: ScreenProps) {
  return <ListPage {...props} readOnly />;
}
