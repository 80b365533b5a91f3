// A table's header row: one column header per entry, scoped to its column.
import type { ComponentChildren } from 'preact';

export function TableHead({ columns }: { columns: readonly ComponentChildren[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
