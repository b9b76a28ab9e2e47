package org.flyproto.bench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads and writes the small CSV files this package and the latency harness write themselves ({@code latency.csv},
 * {@code results.csv}): a header line, then one row per line; quotes as in RFC 4180. JMH's results are read from its
 * JSON ({@link JmhJson}).
 */
final class Csv {
    private Csv() {}

    /**
     * Reads a file into rows keyed by the header's column names.
     *
     * @param file the file.
     * @return the rows, in order.
     * @throws IOException if it cannot be read.
     */
    static List<Map<String, String>> read(final Path file) throws IOException {
        final List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        final List<Map<String, String>> rows = new ArrayList<>();
        if (lines.isEmpty()) {
            return rows;
        }
        final List<String> header = split(lines.get(0));
        for (final String line : lines.subList(1, lines.size())) {
            if (line.isBlank()) {
                continue;
            }
            final List<String> cells = split(line);
            final Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < cells.size() ? cells.get(i) : "");
            }
            rows.add(row);
        }
        return rows;
    }

    /**
     * Splits one line into cells.
     *
     * @param line the line.
     * @return its cells, unquoted.
     */
    static List<String> split(final String line) {
        final List<String> cells = new ArrayList<>();
        final StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            final char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /**
     * Quotes a cell if it needs it.
     *
     * @param cell the cell.
     * @return the cell as written to a file.
     */
    static String quote(final String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0) {
            return cell;
        }
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}
