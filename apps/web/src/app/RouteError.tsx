import { Component, type ErrorInfo, type ReactNode } from "react";
import Button from "@mui/material/Button";
import ErrorOutlineOutlined from "@mui/icons-material/ErrorOutlineOutlined";
import { useTranslation } from "react-i18next";
import { EmptyState } from "../components/EmptyState";
import { usePageTitle } from "../components/usePageTitle";

function RouteErrorView() {
  const { t } = useTranslation();
  usePageTitle(t("routeError.title"));
  return (
    <EmptyState
      icon={<ErrorOutlineOutlined />}
      title={t("routeError.title")}
      description={t("routeError.description")}
      action={
        <Button variant="contained" onClick={() => window.location.reload()}>
          {t("actions.reload")}
        </Button>
      }
    />
  );
}

/**
 * Shows a page that failed to load or render as an error panel, keeping the layout around it.
 * Give it `key={pathname}` so that moving to another page clears the error.
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("A page failed to render", error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <RouteErrorView /> : this.props.children;
  }
}
