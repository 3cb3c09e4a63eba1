package com.bigtimedeals.deals;

import java.util.List;

/** The compact front-page payload: featured deals plus the first page of latest deals. */
public record FrontPage(long version, List<Deal> featured, List<Deal> latest, String nextCursor) {
}
