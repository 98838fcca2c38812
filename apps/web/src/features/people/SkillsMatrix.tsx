import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { SkillsMatrix as Matrix } from "./progress";
import { ScrollArea } from "../../components/ScrollArea";
import visuallyHidden from "@mui/utils/visuallyHidden";

/** A cell's background: the more done, the stronger the colour (the number is always written too). */
const shade = (percent: number) => `rgba(15, 118, 110, ${(0.08 + (percent / 100) * 0.5).toFixed(2)})`;

/** The skills matrix: people down, skills across, progress percent in each cell. */
export function SkillsMatrix({ matrix, teamName }: { matrix: Matrix; teamName: string }) {
  const { t } = useTranslation("people");
  return (
    <Paper variant="outlined">
      <ScrollArea label={t("skillboost.scrollLabel")}>
        <Table size="small">
          <caption>{t("skillboost.caption", { team: teamName })}</caption>
          <TableHead>
            <TableRow>
              <TableCell scope="col" sx={{ position: "sticky", left: 0, bgcolor: "background.paper", zIndex: 1 }}>
                {t("skillboost.person")}
              </TableCell>
              {matrix.skills.map((skill) => (
                <TableCell key={skill} scope="col" align="center" sx={{ textTransform: "capitalize", whiteSpace: "nowrap" }}>
                  {skill}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {matrix.people.map((person) => (
              <TableRow key={person.id}>
                <TableCell component="th" scope="row" sx={{ position: "sticky", left: 0, bgcolor: "background.paper", zIndex: 1 }}>
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
                    {person.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {person.email}
                  </Typography>
                </TableCell>
                {matrix.skills.map((skill) => {
                  const cell = person.cells.get(skill);
                  return (
                    <TableCell key={skill} align="center" sx={{ bgcolor: cell ? shade(cell.percent) : undefined }}>
                      {cell ? (
                        <Box component="span" title={t("skillboost.cellTitle", { done: cell.done, total: cell.total })}>
                          {cell.percent}%
                        </Box>
                      ) : (
                        <>
                          <span aria-hidden>—</span>
                          <Box component="span" sx={visuallyHidden}>
                            {t("skillboost.notAssigned")}
                          </Box>
                        </>
                      )}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
