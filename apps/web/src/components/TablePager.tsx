import { useState } from "react";
import TablePagination from "@mui/material/TablePagination";
import { useTranslation } from "react-i18next";

/** Wraps a filter's setter so that any change of that filter starts again from the first page. */
export const filterResetsPage =
  (setPage: (page: number) => void) =>
  <T,>(set: (value: T) => void) =>
  (value: T) => {
    set(value);
    setPage(1);
  };

/**
 * A server-paged table's page and page size. `pager(count)` gives TablePager its props; choosing
 * another page size starts again from the first page, as a new filter should: `filter(setX)` wraps
 * a filter's setter so that any change of it does.
 */
export function usePaging(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  const pager = (count: number) => ({
    count,
    page,
    pageSize,
    onPage: setPage,
    onPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
  });
  return { page, pageSize, setPage, pager, filter: filterResetsPage(setPage) };
}

export interface TablePagerProps {
  /** Every matching row, on all pages (the server's `count`). */
  count: number;
  /** 1-based, like the server's `page`. */
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** Offer a choice of page sizes; without it the size is fixed. */
  onPageSize?: (size: number) => void;
  sizes?: number[];
  /**
   * Under a list of cards (not a table): the pager is a navigation named this ("Pages of saved
   * items"), and a list that fits on one page shows none.
   */
  label?: string;
}

/** The app's one pager, under tables and lists of cards: "1–20 of 57" with previous and next, translated. */
export function TablePager({ count, page, pageSize, onPage, onPageSize, sizes = [10, 20, 50], label }: TablePagerProps) {
  const { t } = useTranslation("common");
  if (label !== undefined && count <= pageSize) return null;
  return (
    <TablePagination
      component={label === undefined ? "div" : "nav"}
      aria-label={label}
      count={count}
      page={count === 0 ? 0 : page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSize ? sizes : [pageSize]}
      onPageChange={(_event, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize?.(Number(event.target.value))}
      labelRowsPerPage={t("pager.rowsPerPage")}
      labelDisplayedRows={({ from, to, count: total }) => t("pager.displayed", { from, to, count: total })}
      getItemAriaLabel={(type) => t(`pager.${type}`)}
      // On a phone the toolbar wraps instead of pushing the page wider than the screen.
      sx={{
        ...(label !== undefined && { mt: 2 }),
        "& .MuiTablePagination-toolbar": { flexWrap: "wrap", justifyContent: "flex-end", rowGap: 0.5, pl: { xs: 1.5, sm: 2 } },
        "& .MuiTablePagination-spacer": { display: { xs: "none", sm: "block" } },
        "& .MuiTablePagination-actions": { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}
