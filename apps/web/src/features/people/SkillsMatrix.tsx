import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import TrendingUpOutlined from "@mui/icons-material/TrendingUpOutlined";
import visuallyHidden from "@mui/utils/visuallyHidden";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamSkillLevelsPage } from "@learnward/contracts";
import { DataTable, type Columns } from "../../components/DataTable";
import { EmptyState } from "../../components/EmptyState";
import type { TablePagerProps } from "../../components/TablePager";
import type { TeamProgressPage } from "./api";
import { skillsMatrix, type SkillsMatrix as Matrix } from "./progress";
import { SkillLevelCell } from "../skills/SkillLevelCell";
import { SkillLevelDialog } from "../skills/SkillLevelDialog";

type Person = Matrix["people"][number];

/** A cell's background: the more done, the stronger the colour (the number is always written too). */
const shade = (percent: number) => `rgba(15, 118, 110, ${(0.08 + (percent / 100) * 0.5).toFixed(2)})`;
/** The person column stays in view while the skills scroll sideways. */
const sticky = { position: "sticky", left: 0, bgcolor: "background.paper", zIndex: 1 } as const;

/**
 * The skills matrix of a page of the team's people: people down, skills across; in each cell the
 * progress percent on the person's plans and their level with its source (the history a click away).
 * Its loading, failure and empty states are the shared table's (components/DataTable); levels that
 * fail to load leave the progress matrix as it was. Without `progress` (hr reads no plans), the levels
 * alone, the table's states theirs.
 */
export function SkillsMatrix({
  progress,
  levels,
  teamName,
  pager,
}: {
  progress: UseQueryResult<TeamProgressPage> | null;
  levels: UseQueryResult<TeamSkillLevelsPage>;
  teamName: string;
  pager: (count: number) => TablePagerProps;
}) {
  const { t } = useTranslation("people");
  const [open, setOpen] = useState<{ personId: number; skill: string } | null>(null);
  const query: UseQueryResult<TeamProgressPage | TeamSkillLevelsPage> = progress ?? levels;
  const matrix = query.data ? skillsMatrix(progress?.data, levels.data) : { skills: [], people: [] };
  const opened = open && matrix.people.find((p) => p.id === open.personId);
  const columns: Columns<Person> = [
    {
      key: "person",
      header: t("skillboost.person"),
      rowHeader: true,
      sx: sticky,
      cell: (person) => (
        <>
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {person.name}
          </Typography>
          {person.email && (
            <Typography variant="caption" color="text.secondary">
              {person.email}
            </Typography>
          )}
        </>
      ),
    },
    // Skills are people's words ("person" too): their column keys cannot meet the person column's.
    ...matrix.skills.map((skill) => ({
      key: `skill:${skill}`,
      header: skill,
      align: "center" as const,
      sx: { textTransform: "capitalize", whiteSpace: "nowrap" },
      cellSxOf: (person: Person) => {
        const cell = person.cells.get(skill);
        return cell ? { bgcolor: shade(cell.percent) } : undefined;
      },
      cell: (person: Person) => {
        const cell = person.cells.get(skill);
        const level = person.levels && (
          <SkillLevelCell
            person={person.levels}
            skill={skill}
            level={person.levels.bySkill.get(skill)}
            onOpen={() => setOpen({ personId: person.id, skill })}
          />
        );
        if (cell)
          return (
            <>
              <Box component="span" title={t("skillboost.cellTitle", { done: cell.done, total: cell.total })}>
                {cell.percent}%
              </Box>
              {level}
            </>
          );
        if (person.levels?.bySkill.has(skill)) return level;
        return (
          <>
            <span aria-hidden>—</span>
            <Box component="span" sx={visuallyHidden}>
              {t("skillboost.notAssigned")}
            </Box>
            {level}
          </>
        );
      },
    })),
  ];
  return (
    <>
      <DataTable
        label={t(progress ? "skillboost.caption" : "skillboost.levelsCaption", { team: teamName })}
        caption={t(progress ? "skillboost.caption" : "skillboost.levelsCaption", { team: teamName })}
        columns={columns}
        // No skills yet (no plans, no levels): nothing to draw across, whoever is in the team.
        rows={matrix.skills.length ? matrix.people : []}
        rowKey={(person) => person.id}
        query={query}
        loadingLabel={t("skillboost.loading")}
        empty={
          progress ? (
            <EmptyState icon={<TrendingUpOutlined />} title={t("skillboost.emptyTitle")} description={t("skillboost.emptyDescription")} />
          ) : (
            <EmptyState icon={<TrendingUpOutlined />} title={t("skillboost.noLevelsTitle")} description={t("skillboost.noLevelsDescription")} />
          )
        }
        pager={query.data ? pager(query.data.count) : undefined}
      />
      {opened && opened.levels && (
        <SkillLevelDialog person={opened.levels} skill={open.skill} level={opened.levels.bySkill.get(open.skill)} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
