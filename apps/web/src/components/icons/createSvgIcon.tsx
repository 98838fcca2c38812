import { forwardRef, memo, type ComponentProps, type ReactNode } from "react";
import SvgIcon, { type SvgIconProps } from "@mui/material/SvgIcon";
import type { Theme } from "@mui/material/styles";

/*
 * The Material icons' factory (@mui/icons-material's utils/createSvgIcon, which vite-light-icons.ts
 * points here), drawing an icon as a plain <svg> with MUI's own class names, styled once for the
 * whole page by iconStyles below (the theme's CssBaseline), instead of a styled component per icon.
 * MUI's SvgIcon computes and hashes its styles for every icon on every render; /home hydrates about
 * sixty icons, each three components and a style serialisation that the page's load pays for.
 * Icons given `sx` or a `component` still go through SvgIcon, which knows how to draw them.
 */

type IconProps = SvgIconProps & { ref?: ComponentProps<"svg">["ref"] };

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function LightIcon({ path, props, ref }: { path: ReactNode; props: IconProps; ref: IconProps["ref"] }) {
  const { className, color = "inherit", fontSize = "medium", htmlColor, titleAccess, viewBox = "0 0 24 24", children: _children, ...other } = props;
  const classes = ["MuiSvgIcon-root", color !== "inherit" && `MuiSvgIcon-color${capitalize(color)}`, `MuiSvgIcon-fontSize${capitalize(fontSize)}`, className]
    .filter(Boolean)
    .join(" ");
  return (
    <svg
      className={classes}
      focusable="false"
      color={htmlColor}
      aria-hidden={titleAccess ? undefined : true}
      role={titleAccess ? "img" : undefined}
      viewBox={viewBox}
      ref={ref}
      {...(other as ComponentProps<"svg">)}
    >
      {path}
      {titleAccess ? <title>{titleAccess}</title> : null}
    </svg>
  );
}

export default function createSvgIcon(path: ReactNode, displayName: string) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(props, ref) {
    // What only SvgIcon's styled root can draw.
    if (props.sx !== undefined || props.component !== undefined || props.classes !== undefined || props.inheritViewBox) {
      return (
        <SvgIcon ref={ref} {...props}>
          {path}
        </SvgIcon>
      );
    }
    return <LightIcon path={path} props={props} ref={ref} />;
  });
  Icon.displayName = `${displayName}Icon`;
  const Memo = memo(Icon) as unknown as typeof SvgIcon;
  // Components that treat an icon child apart (a button's start icon, a list item's) ask for this.
  (Memo as unknown as { muiName: string }).muiName = SvgIcon.muiName;
  return Memo;
}

/**
 * The styles SvgIcon gives each icon (MUI 9), once for the page, keyed by the class names the icons
 * carry: the base look, the sizes and the colours.
 */
export function iconStyles(theme: Theme) {
  const palette = theme.palette as unknown as Record<string, { main?: string } | undefined>;
  const colors: Record<string, { color: string }> = {};
  for (const [name, value] of Object.entries(palette)) {
    if (value && typeof value === "object" && typeof value.main === "string") colors[`.MuiSvgIcon-color${capitalize(name)}`] = { color: value.main };
  }
  return {
    ".MuiSvgIcon-root": {
      userSelect: "none",
      width: "1em",
      height: "1em",
      display: "inline-block",
      flexShrink: 0,
      fill: "currentColor",
      transition: theme.transitions.create("fill", { duration: theme.transitions.duration.shorter }),
    },
    ".MuiSvgIcon-fontSizeInherit": { fontSize: "inherit" },
    ".MuiSvgIcon-fontSizeSmall": { fontSize: theme.typography.pxToRem(20) },
    ".MuiSvgIcon-fontSizeMedium": { fontSize: theme.typography.pxToRem(24) },
    ".MuiSvgIcon-fontSizeLarge": { fontSize: theme.typography.pxToRem(35) },
    ...colors,
    // The two colours an icon may name besides the palette's own, as SvgIcon has them.
    ".MuiSvgIcon-colorAction": { color: theme.palette.action.active },
    ".MuiSvgIcon-colorDisabled": { color: theme.palette.action.disabled },
  };
}
