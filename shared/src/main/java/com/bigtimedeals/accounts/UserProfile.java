package com.bigtimedeals.accounts;

import java.time.Instant;
import java.time.LocalDate;

public record UserProfile(String username, String email, LocalDate birthday, String pictureUrl, Instant memberSince) {
}
