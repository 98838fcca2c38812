// The component and style layer's chunk (MUI with emotion), for main.tsx to evaluate after the
// framework's and before the app's own code, in a task of its own: evaluated with the framework, the
// two were one task of 200–260 ms at 4× CPU. What it names is what the app's providers start with.
export { ThemeProvider, createTheme } from "@mui/material/styles";
export { default as CssBaseline } from "@mui/material/CssBaseline";
