/* board.py and evaluation.py in C: the tables and the functions too long to inline. */
#include "_search_board.h"

u128 FULL, GOAL_MASK, ROW5, ROW6, INDIAN_ZONE;
u128 COLUMN_MASK[COLUMNS];
u128 KING_TARGETS[SQUARES];
u128 NEIGHBOURS[SQUARES];
u128 RAY[SQUARES][8];
const int RAY_DR[8] = {0, 0, 1, -1, 1, 1, -1, -1};
const int RAY_DC[8] = {1, -1, 0, 0, 1, -1, 1, -1};
int FREE_TABLE[SQUARES][SQUARES];
int BLOCKED_TABLE[SQUARES][SQUARES];
long THREAT_BONUS, SPARE_DOG, TEMPO;

int indians_can_move(u128 buffalo, u128 dogs, int chief) {
    if (KING_TARGETS[chief] & ~dogs)
        return 1;
    u128 occ = buffalo | dogs | BIT(chief);
    for (u128 d = dogs; d; d &= d - 1)
        if (dog_targets(lowest(d), occ))
            return 1;
    return 0;
}

int generate(u128 buffalo, u128 dogs, int chief, int side, int skip_columns, int *moves) {
    u128 occ = buffalo | dogs | BIT(chief);
    int n = 0;
    if (side == BUFFALO_SIDE) {
        for (u128 steps = buffalo_steps(buffalo, occ); steps; steps &= steps - 1) {
            int to = lowest(steps);
            if (!((skip_columns >> (to % COLUMNS)) & 1))
                moves[n++] = (to - COLUMNS) | to << 7;
        }
        return n;
    }
    for (u128 d = dogs; d; d &= d - 1) {
        int frm = lowest(d);
        for (u128 t = dog_targets(frm, occ); t; t &= t - 1)
            moves[n++] = frm | lowest(t) << 7;
    }
    for (u128 t = KING_TARGETS[chief] & ~dogs; t; t &= t - 1)
        moves[n++] = chief | lowest(t) << 7;
    return n;
}

int game_over(u128 buffalo, u128 dogs, int chief, int side) {
    if (buffalo & GOAL_MASK || !buffalo)
        return 1;
    if (side == BUFFALO_SIDE && !buffalo_steps(buffalo, buffalo | dogs | BIT(chief)))
        return 1;
    return side == INDIAN_SIDE && !indians_can_move(buffalo, dogs, chief);
}

int evaluate(u128 buffalo, u128 dogs, int chief, int side) {
    u128 indians = dogs | BIT(chief);
    u128 below = fill_down(indians);
    const int *free_table = FREE_TABLE[chief], *blocked_table = BLOCKED_TABLE[chief];
    long score = 0;
    for (u128 b = buffalo & below; b; b &= b - 1)
        score += blocked_table[lowest(b)];
    for (u128 b = buffalo & ~below; b; b &= b - 1)
        score += free_table[lowest(b)];
    u128 threats = (buffalo & ~below & ROW5) << COLUMNS & ~(buffalo | indians);
    score += THREAT_BONUS * popcount(threats);
    u128 above = buffalo << COLUMNS;
    above |= above << COLUMNS;
    above |= above << 2 * COLUMNS;
    above |= above << 4 * COLUMNS;
    score -= SPARE_DOG * popcount(dogs & ~above);
    return (int)(side == BUFFALO_SIDE ? score + TEMPO : TEMPO - score);
}

void compute_geometry(void) {
    FULL = (BIT(SQUARES - 1) << 1) - 1;
    u128 row_bits = (BIT(COLUMNS)) - 1;
    GOAL_MASK = row_bits << (COLUMNS * (ROWS - 1));
    ROW5 = row_bits << (COLUMNS * 4);
    ROW6 = row_bits << (COLUMNS * 5);
    INDIAN_ZONE = FULL & ~row_bits & ~GOAL_MASK;
    for (int col = 0; col < COLUMNS; col++) {
        COLUMN_MASK[col] = 0;
        for (int row = 0; row < ROWS; row++)
            COLUMN_MASK[col] |= BIT(row * COLUMNS + col);
    }
    for (int sq = 0; sq < SQUARES; sq++)
        for (int k = 0; k < 8; k++) {
            RAY[sq][k] = 0;
            int row = sq / COLUMNS + RAY_DR[k], col = sq % COLUMNS + RAY_DC[k];
            while (1 <= row && row <= ROWS - 2 && 0 <= col && col < COLUMNS) {
                RAY[sq][k] |= BIT(row * COLUMNS + col);
                row += RAY_DR[k];
                col += RAY_DC[k];
            }
        }
}
