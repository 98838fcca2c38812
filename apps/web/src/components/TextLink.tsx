import { Link as RouterLink } from "react-router";
import { styled } from "@mui/material/styles";

/** An in-app text link in the theme's colours (MUI's Link would add Typography to the first load). */
export const TextLink = styled(RouterLink)(({ theme }) => ({
  color: theme.palette.primary.main,
  textDecoration: "underline",
  textDecorationColor: "currentColor",
  textUnderlineOffset: 2,
  "&:hover": { textDecorationThickness: 2 },
}));
