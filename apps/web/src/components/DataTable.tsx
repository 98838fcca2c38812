import type { Key, ReactNode } from "react";
import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TableSortLabel from "@mui/material/TableSortLabel";
import Tooltip from "@mui/material/Tooltip";
import type { SxProps, Theme } from "@mui/material/styles";
import { LoadFailed } from "./LoadFailed";
import { ScrollArea } from "./ScrollArea";
import { TablePager, type TablePagerProps } from "./TablePager";

/** One column: its header, what each row shows in it, and (optionally) the sort key it orders by. */
export interface Column<Row> {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: "left" | "right" | "center";
  /** This column names the row (a `th scope="row"`), as a person's name does. */
  rowHeader?: boolean;
  /** The server's ordering this column's header sorts by; needs the table's `sort`. */
  sort?: string;
  /** Styles of the header cell and of every body cell (a sticky actions column, `nowrap`). */
  sx?: SxProps<Theme>;
  /** Styles of the body cells only. */
  cellSx?: SxProps<Theme>;
  /** Styles of one body cell that depend on its row (a heat map's shade). */
  cellSxOf?: (row: Row) => SxProps<Theme> | undefined;
}

/** Falsy entries are left out, so a column shown to some roles only reads `canManage && {…}`. */
export type Columns<Row> = ReadonlyArray<Column<Row> | false | null | undefined>;

export interface TableSort {
  by: string;
  direction: "asc" | "desc";
  onSort: (by: string) => void;
}

type Name = { label: string; labelledBy?: never } | { labelledBy: string; label?: never };

type DataTableProps<Row> = Name & {
  columns: Columns<Row>;
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Shown instead of the table when there are no rows (and it is not loading). */
  empty: ReactNode;
  /**
   * The list's query (TanStack Query's result): its first load shows the spinner, a failure the
   * error with a retry, a refetch marks the table busy. Without it, `loading` and `busy` say so.
   */
  query?: { isPending: boolean; isFetching: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  /** The first load: a spinner instead of the table or its empty state. */
  loading?: boolean;
  /** The spinner's name ("Loading people…"); the table's name without it. */
  loadingLabel?: string;
  /** Rows on screen are being refreshed (a new page, a new filter). */
  busy?: boolean;
  /** Below this width the table scrolls sideways inside its own box instead of widening the page. */
  minWidth?: number;
  /** An outlined paper around the table and its pager; off where the table sits in a card already. */
  outlined?: boolean;
  pager?: TablePagerProps;
  sort?: TableSort;
  size?: "small" | "medium";
  /** Scrolls down inside its box past this height, its header staying in view. */
  maxHeight?: number;
  /** Styles of every body row (`verticalAlign: "top"` where cells hold lists). */
  rowSx?: SxProps<Theme>;
  /** A visible sentence under the table saying what it shows (its name stays `label`). */
  caption?: ReactNode;
  /**
   * On a phone each row becomes a block of "header: value" lines (the default), or the table keeps
   * its columns and scrolls sideways in its box ("scroll": a matrix read across, as a heat map is).
   */
  phone?: "rows" | "scroll";
};

/**
 * A phone's table as readable rows: each row a block, each cell a line led by its column's header
 * (its text, drawn before the cell there only; the explicit roles keep the table's semantics when its
 * parts are displayed as blocks). A column without a text header (row actions) spans the line.
 */
const ROWS_ON_PHONE: SxProps<Theme> = (theme) => ({
  "& .lw-cell-value": { display: "contents" },
  [theme.breakpoints.down("sm")]: {
    minWidth: 0,
    "& thead": { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" },
    "& tbody, & tbody tr": { display: "block" },
    "& tbody tr": { py: 1, borderBottom: `1px solid ${theme.palette.divider}` },
    "& tbody td, & tbody th": {
      display: "grid",
      gridTemplateColumns: "minmax(6.5rem, 38%) minmax(0, 1fr)",
      columnGap: 1.5,
      alignItems: "center",
      border: 0,
      py: 0.5,
      px: 2,
      textAlign: "left",
      position: "static",
      overflowWrap: "anywhere",
      whiteSpace: "normal",
    },
    "& tbody [data-label]::before": { content: "attr(data-label)", color: "text.secondary", fontWeight: 600 },
    "& tbody :not([data-label]) > .lw-cell-value": { gridColumn: "1 / -1" },
    "& .lw-cell-value": { display: "block", minWidth: 0 },
  },
});

/** A header's words, when it is words (a column of row actions has none to show). */
const labelOf = (header: ReactNode) => (typeof header === "string" && header.trim() ? header : undefined);

const mergeSx = (...parts: Array<SxProps<Theme> | undefined>): SxProps<Theme> =>
  parts.flatMap((part) => (part === undefined ? [] : Array.isArray(part) ? part : [part])) as SxProps<Theme>;

/**
 * The app's one table: column definitions in, a labelled MUI table out, scrolling sideways inside its
 * own box on a phone, with its empty and loading states and the one pager.
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  query,
  loadingLabel,
  minWidth,
  outlined = true,
  pager,
  sort,
  size = "small",
  maxHeight,
  rowSx,
  caption,
  phone = "rows",
  ...props
}: DataTableProps<Row>) {
  const name: Name = props.labelledBy ? { labelledBy: props.labelledBy } : { label: props.label! };
  const shown = columns.filter((column): column is Column<Row> => Boolean(column));
  const loading = query ? query.isPending : props.loading;
  const busy = query ? query.isFetching : props.busy;
  if (query?.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (loading) {
    return (
      <Box role="status" sx={{ display: "grid", placeItems: "center", py: 4 }}>
        <CircularProgress aria-label={loadingLabel ?? name.label} aria-labelledby={loadingLabel ? undefined : name.labelledBy} />
      </Box>
    );
  }
  if (rows.length === 0) return <>{empty}</>;

  const table = (
    <ScrollArea {...name} sx={maxHeight ? { maxHeight } : undefined}>
      <Table
        size={size}
        stickyHeader={maxHeight !== undefined}
        aria-label={name.label}
        aria-labelledby={name.labelledBy}
        aria-busy={busy || undefined}
        role="table"
        sx={mergeSx(minWidth ? { minWidth } : undefined, phone === "rows" ? ROWS_ON_PHONE : undefined)}
      >
        {caption && <caption>{caption}</caption>}
        <TableHead role="rowgroup">
          <TableRow role="row">
            {shown.map((column) => {
              const sorted = sort && column.sort !== undefined && sort.by === column.sort;
              return (
                <TableCell key={column.key} role="columnheader" scope="col" align={column.align} sx={column.sx} sortDirection={sorted ? sort.direction : false}>
                  {sort && column.sort !== undefined ? (
                    <TableSortLabel active={sorted} direction={sorted ? sort.direction : "asc"} onClick={() => sort.onSort(column.sort!)}>
                      {column.header}
                    </TableSortLabel>
                  ) : (
                    column.header
                  )}
                </TableCell>
              );
            })}
          </TableRow>
        </TableHead>
        <TableBody role="rowgroup">
          {rows.map((row) => (
            <TableRow key={rowKey(row)} role="row" sx={rowSx}>
              {shown.map((column) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  role={column.rowHeader ? "rowheader" : "cell"}
                  data-label={phone === "rows" ? labelOf(column.header) : undefined}
                  {...(column.rowHeader ? { component: "th", scope: "row" } : {})}
                  sx={mergeSx(column.sx, column.cellSx, column.cellSxOf?.(row))}
                >
                  {phone === "rows" ? (
                    <Box component="span" className="lw-cell-value">
                      {column.cell(row)}
                    </Box>
                  ) : (
                    column.cell(row)
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </ScrollArea>
  );
  if (!outlined) {
    return (
      <>
        {table}
        {pager && <TablePager {...pager} />}
      </>
    );
  }
  return (
    <Paper variant="outlined">
      {table}
      {pager && <TablePager {...pager} />}
    </Paper>
  );
}

/** A row's icon button, named for the row it acts on ("Edit Ana Ruiz"), its name shown on hover too. */
export function RowAction({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );
}
